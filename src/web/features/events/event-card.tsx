import { Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '../../../shared/events.ts';
import { ButtonLink } from '../../components/button.tsx';
import { EventBanner } from '../../components/event-banner.tsx';
import surface from '../../components/surface.module.css';
import classes from './event-card.module.css';
import { EventPlace, EventStatus, EventWhen } from './event-facts.tsx';
import { EventProgress } from './event-progress.tsx';

/** One event in a list: banner, title, date, place, places left (or 'Past') and the way to its details. */
export function EventCard({ event, headingOrder = 3, eager }: { event: Event; headingOrder?: 2 | 3; eager?: boolean }) {
  const { t } = useTranslation('events');
  const titleId = useId();
  return (
    <article className={surface.card} data-testid="event-card">
      <div className={surface.bleed}>
        <EventBanner src={event.banner} eager={eager} />
      </div>
      <Stack gap={6} mt="md" className={classes.body}>
        <Title order={headingOrder} size="h4" className={classes.title} id={titleId}>
          {event.title}
        </Title>
        <EventWhen event={event} size="sm" c="dimmed" />
        <EventPlace location={event.location} size="sm" />
        <EventStatus event={event} />
        <EventProgress event={event} />
      </Stack>
      <ButtonLink
        to={`/eventDetails/${encodeURIComponent(event._id)}`}
        variant="light"
        fullWidth
        className={classes.action}
        aria-describedby={titleId}
      >
        {t('card.view')}
      </ButtonLink>
    </article>
  );
}
