import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { Donation } from '../../../shared/donations.ts';
import grid from '../../components/card-grid.module.css';
import surface from '../../components/surface.module.css';
import { DonationCard } from './donation-card.tsx';

/** The person's donations as cards, in the order the server gives them (newest first). */
export function DonationGrid({ donations }: { donations: Donation[] }) {
  return (
    <ul className={grid.grid}>
      {donations.map((donation) => (
        <li key={donation._id}>
          <DonationCard donation={donation} />
        </li>
      ))}
    </ul>
  );
}

export function DonationGridSkeleton({ count }: { count: number }) {
  return (
    <div role="status">
      <VisuallyHidden>Loading your donations</VisuallyHidden>
      <Skeleton height={22} width="45%" mb="lg" aria-hidden="true" />
      <div className={grid.grid} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className={surface.card}>
            <div className={surface.bleed}>
              <Skeleton radius={0} style={{ aspectRatio: 16 / 9, height: 'auto' }} />
            </div>
            <Stack gap="xs" mt="md">
              <Skeleton height={20} width="60%" />
              <Skeleton height={26} width="30%" />
              <Skeleton height={14} width="80%" />
            </Stack>
          </div>
        ))}
      </div>
    </div>
  );
}
