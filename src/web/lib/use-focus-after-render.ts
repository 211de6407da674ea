import { useEffect, useRef } from 'react';

/**
 * Focus that waits for the element it is for: `focusAfterRender(id)` asks, and after the next render
 * (the one that draws the element: a row just added, the next row after one removed) the element with
 * that id takes the focus, once. For lists of rows whose ids are known before they are drawn.
 */
export function useFocusAfterRender(): (id: string) => void {
  const next = useRef<string | null>(null);
  useEffect(() => {
    if (!next.current) return;
    document.getElementById(next.current)?.focus();
    next.current = null;
  });
  return (id: string) => {
    next.current = id;
  };
}
