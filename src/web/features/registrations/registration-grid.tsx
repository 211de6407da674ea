import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Registration } from '../../../shared/registrations.ts';
import grid from '../../components/card-grid.module.css';
import { CardSkeleton } from '../../components/card-skeleton.tsx';
import { LoadingPlaceholders } from '../../components/loading-placeholders.tsx';
import { RegistrationCard } from './registration-card.tsx';

interface RegistrationGridProps {
  registrations: Registration[];
  /** The registration being cancelled, whose button waits. */
  cancellingId: string | null;
  onCancel: (registration: Registration) => void;
  /** Each card's answers part (see RegistrationCard). */
  answers?: (registration: Registration, describedBy: string) => ReactNode;
}

export function RegistrationGrid({ registrations, cancellingId, onCancel, answers }: RegistrationGridProps) {
  return (
    <ul className={grid.grid}>
      {registrations.map((registration) => (
        <li key={registration._id}>
          <RegistrationCard
            registration={registration}
            cancelling={cancellingId === registration._id}
            onCancel={onCancel}
            answers={answers}
          />
        </li>
      ))}
    </ul>
  );
}

export function RegistrationGridSkeleton({ count }: { count: number }) {
  const { t } = useTranslation('registrations');
  return (
    <LoadingPlaceholders label={t('card.loading')} count={count}>
      <CardSkeleton lines={[{ height: 20, width: '60%' }, { height: 14, width: '80%' }, { height: 48 }, { height: 36, gap: true }]} />
    </LoadingPlaceholders>
  );
}
