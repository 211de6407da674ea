import { Skeleton, Stack } from '@mantine/core';
import surface from './surface.module.css';

interface Line {
  height: number;
  width?: string;
  /** Extra space above, as before a button. */
  gap?: boolean;
}

/**
 * Holds a card's place while its list loads, in the card's own shape (a 16:9 banner and its lines
 * of text), so the page does not jump when the cards arrive.
 */
export function CardSkeleton({ lines }: { lines: Line[] }) {
  return (
    <div className={surface.card} aria-hidden="true">
      <div className={surface.bleed}>
        <Skeleton radius={0} style={{ aspectRatio: 16 / 9, height: 'auto' }} />
      </div>
      <Stack gap="xs" mt="md">
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed for the card's shape and never move
          <Skeleton key={index} height={line.height} width={line.width} mt={line.gap ? 'sm' : undefined} />
        ))}
      </Stack>
    </div>
  );
}
