import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '../../../shared/events.ts';
import { ButtonLink } from '../../components/button.tsx';
import { EventBanner } from '../../components/event-banner.tsx';
import { EventActions } from './event-actions.tsx';
import classes from './event-details-view.module.css';
import { EventPlace, EventStatus, EventWhen } from './event-facts.tsx';
import { EventProgress } from './event-progress.tsx';

/**
 * One event in full, with the two things a visitor can do about it while it has not ended; `shifts`,
 * for an event staffed by shifts, is its 'Shifts' section (the shifts feature's), after what it is about.
 */
export function EventDetailsView({ event, shifts }: { event: Event; shifts?: ReactNode }) {
  const { t } = useTranslation('events');
  const id = encodeURIComponent(event._id);
  return (
    <Stack component="article" gap="lg">
      <Paper radius="md" className={classes.banner}>
        <EventBanner src={event.banner} ratio={2} eager />
      </Paper>
      <Stack gap="xs">
        <Title order={1} className={classes.title}>
          {event.title}
        </Title>
        <EventWhen event={event} size="lg" fw={600} c="brand.9" />
        <EventPlace location={event.location} size="md" />
        <EventStatus event={event} />
        <EventProgress event={event} />
      </Stack>
      {event.past && (
        <Alert role="none" color="gray" variant="light" title={t('details.ended')}>
          {t('details.endedText')}
        </Alert>
      )}
      {!event.past && (
        <Group gap="sm">
          <ButtonLink to={`/events/register/${id}`} size="md">
            {t('details.register')}
          </ButtonLink>
          <ButtonLink to={`/donation/${id}`} size="md" variant="outline">
            {t('details.donate')}
          </ButtonLink>
        </Group>
      )}
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('details.about')}
        </Title>
        <Text className={classes.description}>{event.desc}</Text>
      </Stack>
      {shifts}
      <EventActions event={event} />
    </Stack>
  );
}
