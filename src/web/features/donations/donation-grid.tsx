import { Skeleton, Stack } from '@mantine/core';
import type { Donation } from '../../../shared/donations.ts';
import grid from '../../components/card-grid.module.css';
import { LoadingPlaceholders } from '../../components/loading-placeholders.tsx';
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
    <LoadingPlaceholders label="Loading your donations" count={count} header={<Skeleton height={22} width="45%" mb="lg" />}>
      <div className={surface.card}>
        <div className={surface.bleed}>
          <Skeleton radius={0} style={{ aspectRatio: 16 / 9, height: 'auto' }} />
        </div>
        <Stack gap="xs" mt="md">
          <Skeleton height={20} width="60%" />
          <Skeleton height={26} width="30%" />
          <Skeleton height={14} width="80%" />
        </Stack>
      </div>
    </LoadingPlaceholders>
  );
}
