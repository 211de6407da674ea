import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Donation } from '../../../shared/donations.ts';
import grid from '../../components/card-grid.module.css';
import { CardSkeleton } from '../../components/card-skeleton.tsx';
import { LoadingPlaceholders } from '../../components/loading-placeholders.tsx';
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
  const { t } = useTranslation('donations');
  return (
    <LoadingPlaceholders label={t('mine.loading')} count={count} header={<Skeleton height={22} width="45%" mb="lg" />}>
      <CardSkeleton
        lines={[
          { height: 20, width: '60%' },
          { height: 26, width: '30%' },
          { height: 14, width: '80%' },
        ]}
      />
    </LoadingPlaceholders>
  );
}
