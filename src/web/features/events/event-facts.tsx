import { Anchor, Group, Text, type TextProps, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Event, EventFields } from '../../../shared/events.ts';
import { formatNumber, formatWallDate } from '../../../shared/format.ts';
import { useMyRegistration } from '../registrations/api.ts';
import { formatEventEnd, mapUrl, spotsText } from './event-facts-text.ts';

/** Start and end in words, each with its machine-readable value: 'Saturday 5 December 2026, 9:00 am to 5:00 pm'. */
export function EventWhen({ event, ...props }: { event: Pick<EventFields, 'date' | 'end'> } & TextProps) {
  const { t, i18n } = useTranslation('events');
  return (
    <Text {...props}>
      <time dateTime={event.date}>{formatWallDate(event.date, i18n.language)}</time>
      {event.end && (
        <>
          {t('when.to')}
          <time dateTime={event.end}>{formatEventEnd(event.date, event.end, i18n.language)}</time>
        </>
      )}
    </Text>
  );
}

/** The place in words with a link to it on the map (a new tab: the event stays open). */
export function EventPlace({ location, ...props }: { location: string | null } & TextProps) {
  const { t } = useTranslation('events');
  if (!location) return null;
  return (
    <Text {...props} style={{ overflowWrap: 'anywhere' }}>
      {location}{' '}
      <Anchor href={mapUrl(location)} target="_blank" rel="noopener noreferrer" c="brand.9" td="underline">
        {t('place.map')}
        <VisuallyHidden>{t('place.mapOf', { location })}</VisuallyHidden>
      </Anchor>
    </Text>
  );
}

/**
 * What a visitor should know at a glance: 'Past', the places left, and, for the signed-in person,
 * 'You're registered' or their number on the waitlist (from their own registrations).
 */
export function EventStatus({ event }: { event: Event }) {
  const { t, i18n } = useTranslation('events');
  const mine = useMyRegistration(event._id);
  const spots = spotsText(event, (left) =>
    left === 0 ? t('status.full') : t('status.spotsLeft', { count: left, n: formatNumber(left, i18n.language) }),
  );
  if (!event.past && !spots && !mine) return null;
  return (
    <Group gap="xs" data-testid="event-status">
      {event.past && (
        <Text component="span" size="sm" fw={700} px={8} bg="gray.7" c="white" style={{ borderRadius: 4 }}>
          {t('status.past')}
        </Text>
      )}
      {spots && (
        <Text component="span" size="sm" fw={600} c={event.spotsLeft === 0 ? 'brand.9' : 'teal.9'}>
          {spots}
        </Text>
      )}
      {mine && (
        <Text component="span" size="sm" fw={700} c="teal.9">
          {mine.status === 'waitlisted'
            ? t('status.waitlisted', { position: mine.position === null ? '' : formatNumber(mine.position, i18n.language) })
            : t('status.registered')}
        </Text>
      )}
    </Group>
  );
}
