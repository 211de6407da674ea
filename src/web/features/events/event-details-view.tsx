import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Event } from '../../../shared/events.ts';
import { ButtonLink } from '../../components/button.tsx';
import { EventBanner } from '../../components/event-banner.tsx';
import { EventActions } from './event-actions.tsx';
import classes from './event-details-view.module.css';
import { EventPlace, EventStatus, EventWhen } from './event-facts.tsx';
import { EventProgress } from './event-progress.tsx';

/** One event in full, with the two things a visitor can do about it while it has not ended. */
export function EventDetailsView({ event }: { event: Event }) {
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
        <Alert role="none" color="gray" variant="light" title="This event has ended">
          It takes no more registrations or donations.
        </Alert>
      )}
      {!event.past && (
        <Group gap="sm">
          <ButtonLink to={`/events/register/${id}`} size="md">
            Event Register
          </ButtonLink>
          <ButtonLink to={`/donation/${id}`} size="md" variant="outline">
            Donate Money
          </ButtonLink>
        </Group>
      )}
      <Stack gap="xs">
        <Title order={2} size="h3">
          About this event
        </Title>
        <Text className={classes.description}>{event.desc}</Text>
      </Stack>
      <EventActions event={event} />
    </Stack>
  );
}
