import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { CheckinPerson } from '../../shared/checkin.ts';
import { formatEventDate } from '../../shared/event-date.ts';
import type { Roster } from '../../shared/roster.ts';
import { Button, ButtonAnchor, ButtonLink } from '../components/button.tsx';
import { LoadingBlocks } from '../components/loading-placeholders.tsx';
import { QueryError } from '../components/query-error.tsx';
import { backToAllEvents, EventNotFound } from '../features/events/event-not-found.tsx';
import { rosterCsvUrl, rosterQueries } from '../features/roster/api.ts';
import { HoursDialog } from '../features/roster/hours-dialog.tsx';
import { RosterLists } from '../features/roster/roster-lists.tsx';
import { SignInSheet } from '../features/roster/sign-in-sheet.tsx';
import { isApiError } from '../lib/api-error.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

function places(roster: Roster): string {
  const taken = roster.registered.length;
  return roster.event.capacity === null ? `${taken} registered, no limit` : `${taken} of ${roster.event.capacity} places taken`;
}

/**
 * /dashboard/events/{eventId}/roster (admins): who has a place and who is waiting, the same as a
 * CSV download, and a sign-in sheet to print for the day; on and after the day, who was checked in,
 * the hours each is credited with, and a way to adjust them.
 */
export function DashboardEventRosterPage() {
  const { eventId = '' } = useParams();
  const query = useQuery(rosterQueries.of(eventId));
  // The roster stands without it: a door list that cannot be loaded only leaves the check-in columns out.
  const checkins = useQuery(rosterQueries.checkins(eventId));
  const [adjusting, setAdjusting] = useState<CheckinPerson | null>(null);
  const notFound = isApiError(query.error, 'not_found');
  const roster = query.data;
  usePageTitle(notFound ? 'Event not found' : roster ? `Roster: ${roster.event.title}` : 'Roster');

  if (notFound) return <EventNotFound back={backToAllEvents} />;

  return (
    <>
      <Stack gap="lg" data-print="hide">
        {query.isPending && <LoadingBlocks label="Loading the roster" blocks={[{ height: 32, width: '50%' }, { height: 160 }]} />}
        {query.isError && (
          <>
            <Title order={1}>Roster</Title>
            <QueryError title="The roster could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
          </>
        )}
        {roster && (
          <>
            <Stack gap={4}>
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                Roster: {roster.event.title}
              </Title>
              <Text>
                <time dateTime={roster.event.date}>{formatEventDate(roster.event.date)}</time>
                {roster.event.end && (
                  <>
                    {' '}
                    to <time dateTime={roster.event.end}>{formatEventDate(roster.event.end)}</time>
                  </>
                )}
                {roster.event.location && <> · {roster.event.location}</>}
              </Text>
              <Text c="dimmed">{places(roster)}</Text>
            </Stack>
            <Group gap="sm">
              <ButtonAnchor href={rosterCsvUrl(eventId)} download variant="light">
                Download CSV
              </ButtonAnchor>
              <ButtonLink to={`/dashboard/checkin/${eventId}`}>Check-in</ButtonLink>
              <Button variant="light" onClick={() => window.print()}>
                Print sign-in sheet
              </Button>
              <ButtonLink to="/dashboard/allEvents" variant="default">
                All Events
              </ButtonLink>
            </Group>
            <RosterLists roster={roster} checkins={checkins.data} onAdjust={setAdjusting} />
            {checkins.data && (
              <HoursDialog eventId={eventId} person={adjusting} eventHours={checkins.data.event.hours} onDone={() => setAdjusting(null)} />
            )}
          </>
        )}
      </Stack>
      {roster && <SignInSheet roster={roster} />}
    </>
  );
}
