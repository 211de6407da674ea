import { VisuallyHidden } from '@mantine/core';
import type { Event } from '../../../shared/events.ts';
import grid from '../../components/card-grid.module.css';
import { EventCard } from './event-card.tsx';
import { EventCardSkeleton } from './event-card-skeleton.tsx';

/** A list of event cards, one to three across. */
export function EventGrid({ events, headingOrder }: { events: Event[]; headingOrder?: 2 | 3 }) {
  return (
    <ul className={grid.grid}>
      {events.map((event) => (
        <li key={event._id}>
          <EventCard event={event} headingOrder={headingOrder} />
        </li>
      ))}
    </ul>
  );
}

export function EventGridSkeleton({ count }: { count: number }) {
  return (
    <div role="status">
      <VisuallyHidden>Loading events</VisuallyHidden>
      <div className={grid.grid}>
        {Array.from({ length: count }, (_, index) => (
          <EventCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
