import { Anchor, Group, Text, type TextProps, VisuallyHidden } from '@mantine/core';
import type { Event, EventFields } from '../../../shared/events.ts';
import { formatEventDate } from '../../lib/format-date.ts';
import { useMyRegistration } from '../registrations/api.ts';

/** Where a place is on the map: OpenStreetMap's search, which needs no key and tracks nobody. */
export const mapUrl = (location: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(location)}`;

/**
 * The end in words: only its time when it ends on the day it starts ('5:00 pm'), else its day too.
 */
export function formatEventEnd(date: string, end: string): string {
  const words = formatEventDate(end);
  if (end.slice(0, 10) !== date.slice(0, 10)) return words;
  return words.slice(words.lastIndexOf(', ') + 2);
}

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

/** 'N spots left', 'Full: join the waitlist', or nothing for an event without a limit. */
export function spotsText(event: Pick<Event, 'spotsLeft' | 'past'>): string | null {
  if (event.past || event.spotsLeft === null) return null;
  if (event.spotsLeft === 0) return 'Full: join the waitlist';
  return `${event.spotsLeft} ${event.spotsLeft === 1 ? 'spot' : 'spots'} left`;
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
