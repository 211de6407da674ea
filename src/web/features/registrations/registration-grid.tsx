import { Skeleton, Stack } from '@mantine/core';
import type { Registration } from '../../../shared/registrations.ts';
import grid from '../../components/card-grid.module.css';
import { LoadingPlaceholders } from '../../components/loading-placeholders.tsx';
import surface from '../../components/surface.module.css';
import { RegistrationCard } from './registration-card.tsx';

interface RegistrationGridProps {
  registrations: Registration[];
  /** The registration being cancelled, whose button waits. */
  cancellingId: string | null;
  onCancel: (registration: Registration) => void;
}

export function RegistrationGrid({ registrations, cancellingId, onCancel }: RegistrationGridProps) {
  return (
    <ul className={grid.grid}>
      {registrations.map((registration) => (
        <li key={registration._id}>
          <RegistrationCard registration={registration} cancelling={cancellingId === registration._id} onCancel={onCancel} />
        </li>
      ))}
    </ul>
  );
}

export function RegistrationGridSkeleton({ count }: { count: number }) {
  return (
    <LoadingPlaceholders label="Loading your events" count={count}>
      <div className={surface.card}>
        <div className={surface.bleed}>
          <Skeleton radius={0} style={{ aspectRatio: 16 / 9, height: 'auto' }} />
        </div>
        <Stack gap="xs" mt="md">
          <Skeleton height={20} width="60%" />
          <Skeleton height={14} width="80%" />
          <Skeleton height={48} />
          <Skeleton height={36} mt="sm" />
        </Stack>
      </div>
    </LoadingPlaceholders>
  );
}
