import { Anchor, Group, Text, type TextProps, VisuallyHidden } from '@mantine/core';
import { formatEventDate } from '../../../shared/event-date.ts';
import type { Event, EventFields } from '../../../shared/events.ts';
import { useMyRegistration } from '../registrations/api.ts';
import { formatEventEnd, mapUrl, spotsText } from './event-facts-text.ts';

/** Start and end in words, each with its machine-readable value: 'Saturday 5 December 2026, 9:00 am to 5:00 pm'. */
export function EventWhen({ event, ...props }: { event: Pick<EventFields, 'date' | 'end'> } & TextProps) {
  return (
    <Text {...props}>
      <time dateTime={event.date}>{formatEventDate(event.date)}</time>
      {event.end && (
        <>
          {' to '}
          <time dateTime={event.end}>{formatEventEnd(event.date, event.end)}</time>
        </>
      )}
    </Text>
  );
}

/** The place in words with a link to it on the map (a new tab: the event stays open). */
export function EventPlace({ location, ...props }: { location: string | null } & TextProps) {
  if (!location) return null;
  return (
    <Text {...props} style={{ overflowWrap: 'anywhere' }}>
      {location}{' '}
      <Anchor href={mapUrl(location)} target="_blank" rel="noopener noreferrer" c="brand.9" td="underline">
        Map
        <VisuallyHidden> of {location} on OpenStreetMap (opens in a new tab)</VisuallyHidden>
      </Anchor>
    </Text>
  );
}

/**
 * What a visitor should know at a glance: 'Past', the places left, and, for the signed-in person,
 * 'You're registered' or their number on the waitlist (from their own registrations).
 */
export function EventStatus({ event }: { event: Event }) {
  const mine = useMyRegistration(event._id);
  const spots = spotsText(event);
  if (!event.past && !spots && !mine) return null;
  return (
    <Group gap="xs" data-testid="event-status">
      {event.past && (
        <Text component="span" size="sm" fw={700} px={8} bg="gray.7" c="white" style={{ borderRadius: 4 }}>
          Past
        </Text>
      )}
      {spots && (
        <Text component="span" size="sm" fw={600} c={event.spotsLeft === 0 ? 'brand.9' : 'teal.9'}>
          {spots}
        </Text>
      )}
      {mine && (
        <Text component="span" size="sm" fw={700} c="teal.9">
          {mine.status === 'waitlisted' ? `Waitlisted: number ${mine.position}` : 'You’re registered'}
        </Text>
      )}
    </Group>
  );
}
