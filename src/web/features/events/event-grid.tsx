import { useTranslation } from 'react-i18next';
import type { Event } from '../../../shared/events.ts';
import grid from '../../components/card-grid.module.css';
import { LoadingPlaceholders } from '../../components/loading-placeholders.tsx';
import { EventCard } from './event-card.tsx';
import { EventCardSkeleton } from './event-card-skeleton.tsx';

/** A list of event cards, one to three across. `firstOnScreen`: the first banner is on the first screen, fetched at once. */
export function EventGrid({ events, headingOrder, firstOnScreen }: { events: Event[]; headingOrder?: 2 | 3; firstOnScreen?: boolean }) {
  return (
    <ul className={grid.grid}>
      {events.map((event, index) => (
        <li key={event._id}>
          <EventCard event={event} headingOrder={headingOrder} eager={firstOnScreen && index === 0} />
        </li>
      ))}
    </ul>
  );
}

export function EventGridSkeleton({ count }: { count: number }) {
  const { t } = useTranslation('events');
  return (
    <LoadingPlaceholders label={t('list.loading')} count={count}>
      <EventCardSkeleton />
    </LoadingPlaceholders>
  );
}
