import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import grid from './card-grid.module.css';

/** Keys for `count` placeholders: they never move or change, so their position is a stable key. */
export const placeholderKeys = (count: number) => Array.from({ length: count }, (_, index) => `placeholder-${index}`);

interface LoadingPlaceholdersProps {
  /** What a screen reader hears while it loads: 'Loading events'. */
  label: string;
  count: number;
  /** The card grid every card list uses, or a single column. */
  layout?: 'grid' | 'stack';
  /** Shown above the placeholders, hidden from screen readers (a heading's shape). */
  header?: ReactNode;
  /** One placeholder in the shape of what will load. */
  children: ReactNode;
}

/**
 * The one loading state of a list: `count` copies of a placeholder in the list's own layout, so
 * nothing moves when the list arrives, announced once as `label`.
 */
export function LoadingPlaceholders({ label, count, layout = 'grid', header, children }: LoadingPlaceholdersProps) {
  const placeholders = placeholderKeys(count).map((key) => (
    <div key={key} aria-hidden="true">
      {children}
    </div>
  ));
  return (
    <div role="status" data-loading>
      <VisuallyHidden>{label}</VisuallyHidden>
      {header && <div aria-hidden="true">{header}</div>}
      {layout === 'grid' ? <div className={grid.grid}>{placeholders}</div> : <Stack gap="md">{placeholders}</Stack>}
    </div>
  );
}

/** A block of a page still loading: a heading's line has a width; a card spans the page, rounded. */
export interface LoadingBlock {
  height: number;
  width?: string;
}

/**
 * The loading state of a page about one thing (a roster, a receipt, the door list): blocks in the
 * shape of what will load, so nothing jumps when it arrives, announced once as `label`.
 */
export function LoadingBlocks({ label, blocks, maw }: { label: string; blocks: LoadingBlock[]; maw?: number }) {
  const keys = placeholderKeys(blocks.length);
  return (
    <div role="status" data-loading>
      <VisuallyHidden>{label}</VisuallyHidden>
      <Stack gap="md" maw={maw} aria-hidden="true">
        {blocks.map((block, index) => (
          <Skeleton key={keys[index]} height={block.height} width={block.width} radius={block.width ? undefined : 'md'} />
        ))}
      </Stack>
    </div>
  );
}
