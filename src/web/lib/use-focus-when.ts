import { type RefObject, useEffect, useRef } from 'react';

/**
 * Moves the focus to `target` when `shown` becomes true: a form's result that takes the form's place
 * (its button gone with it), so the focus is not dropped on the page's body and a screen reader reads
 * the result. Only on the change: a result there when the page opens is left to be read in turn.
 */
export function useFocusWhen(target: RefObject<HTMLElement | null>, shown: boolean) {
  const was = useRef(shown);
  useEffect(() => {
    if (shown && !was.current) target.current?.focus();
    was.current = shown;
  }, [shown, target]);
}
