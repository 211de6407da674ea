import { VisuallyHidden } from '@mantine/core';

/** A profile field the person has not filled in: a dash to the eye, 'not given' to a screen reader. */
export function NotGiven() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>not given</VisuallyHidden>
    </>
  );
}

/** The value, or the 'not given' dash when there is none. */
export function OrNotGiven({ value }: { value: string | null }) {
  return value?.trim() ? value : <NotGiven />;
}
