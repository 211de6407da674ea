import { Skeleton, Stack } from '@mantine/core';
import surface from '../../components/surface.module.css';

/** Holds an event card's place while the list loads, so the page does not jump. */
export function EventCardSkeleton() {
  return (
    <div className={surface.card} aria-hidden="true">
      <div className={surface.bleed}>
        <Skeleton radius={0} style={{ aspectRatio: 16 / 9, height: 'auto' }} />
      </div>
      <Stack gap="xs" mt="md">
        <Skeleton height={20} width="80%" />
        <Skeleton height={14} width="60%" />
        <Skeleton height={36} mt="sm" />
      </Stack>
    </div>
  );
}
