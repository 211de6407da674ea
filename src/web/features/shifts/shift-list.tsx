import { Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '../../../shared/events.ts';
import { formatNumber, formatWallDate, formatWallTime } from '../../../shared/format.ts';
import type { Shift } from '../../../shared/shifts.ts';
import { QueryError } from '../../components/query-error.tsx';
import { shiftQueries } from './api.ts';
import { shiftEnd, shiftsByDay } from './shift-choice.ts';
import classes from './shift-views.module.css';

/** The places of a shift in words: 'N places left', 'No limit', or 'Full: join the waitlist'. */
function ShiftPlaces({ shift }: { shift: Shift }) {
  const { t, i18n } = useTranslation('events');
  if (shift.spotsLeft === null) return <Text size="sm">{t('shifts.noLimit')}</Text>;
  if (shift.spotsLeft === 0) {
    return (
      <Text size="sm" fw={600} c="brand.9">
        {t('shifts.full')}
      </Text>
    );
  }
  return (
    <Text size="sm" fw={600} c="teal.9">
      {t('shifts.placesLeft', { count: shift.spotsLeft, n: formatNumber(shift.spotsLeft, i18n.language) })}
    </Text>
  );
}

function Day({ day, shifts, past }: { day: string; shifts: Shift[]; past: boolean }) {
  const { i18n } = useTranslation('events');
  const headingId = useId();
  return (
    <li>
      <Title order={3} size="h4" id={headingId} mb={4}>
        <time dateTime={day}>{formatWallDate(day, i18n.language)}</time>
      </Title>
      <ul className={classes.shifts} aria-labelledby={headingId}>
        {shifts.map((shift) => (
          <li key={shift._id} className={classes.shift} data-testid="shift">
            <Stack gap={2}>
              <Text fw={700} className={classes.role}>
                {shift.role}
              </Text>
              <Text size="sm">
                <time dateTime={shift.startsAt}>{formatWallTime(shift.startsAt, i18n.language)}</time>
                {' – '}
                <time dateTime={shift.endsAt}>{shiftEnd(shift, i18n.language)}</time>
              </Text>
              {shift.description && (
                <Text size="sm" className={classes.description}>
                  {shift.description}
                </Text>
              )}
              {!past && <ShiftPlaces shift={shift} />}
            </Stack>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The event page's 'Shifts' (DECISIONS 5.4): the event's shifts by day, a heading per day, each with its
 * role, its hours, what it is about and its places (not once the event has ended). Drawn by the server
 * with the page (the route's pageData fetches the shifts with the event).
 */
export function ShiftList({ event }: { event: Pick<Event, '_id' | 'past'> }) {
  const { t } = useTranslation('events');
  const headingId = useId();
  const query = useQuery(shiftQueries.ofEvent(event._id));
  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId} data-testid="event-shifts">
      <Title order={2} size="h3" id={headingId}>
        {t('shifts.heading')}
      </Title>
      {query.isPending && (
        <div role="status">
          <VisuallyHidden>{t('shifts.loading')}</VisuallyHidden>
          <Stack gap="xs" aria-hidden="true">
            <Skeleton height={20} width="40%" />
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Stack>
        </div>
      )}
      {query.isError && <QueryError title={t('shifts.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.length === 0 && <Text>{t('shifts.none')}</Text>}
      {query.isSuccess && query.data.length > 0 && (
        <Stack component="ul" gap="md" className={classes.days}>
          {shiftsByDay(query.data).map(({ day, shifts }) => (
            <Day key={day} day={day} shifts={shifts} past={event.past} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
