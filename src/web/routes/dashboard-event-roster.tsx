import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CheckinPerson } from '../../shared/checkin.ts';
import { formatNumber, formatWallDate } from '../../shared/format.ts';
import type { Roster } from '../../shared/roster.ts';
import { Button, ButtonAnchor, ButtonLink } from '../components/button.tsx';
import { LoadingBlocks } from '../components/loading-placeholders.tsx';
import { QueryError } from '../components/query-error.tsx';
import { eventMessagesPath } from '../features/event-messages/api.ts';
import { backToAllEvents, EventNotFound } from '../features/events/event-not-found.tsx';
import { rosterCsvUrl, rosterQueries } from '../features/roster/api.ts';
import { HoursDialog } from '../features/roster/hours-dialog.tsx';
import { RosterLists } from '../features/roster/roster-lists.tsx';
import { SignInSheet } from '../features/roster/sign-in-sheet.tsx';
import { runsEveryDoor } from '../features/staff/api.ts';
import { DoorStaffSection } from '../features/staff/door-staff-section.tsx';
import { isApiError } from '../lib/api-error.ts';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

function places(roster: Roster, t: TFunction<'manage'>, language: string): string {
  const count = (value: number) => formatNumber(value, language, { useGrouping: false });
  const taken = count(roster.registered.length);
  return roster.event.capacity === null
    ? t('roster.noLimit', { n: taken })
    : t('roster.taken', { n: taken, capacity: count(roster.event.capacity) });
}

/**
 * /dashboard/events/{eventId}/roster (admins, and the event's door staff): who has a place and who is
 * waiting (by shift, on an event staffed by shifts), with their answers to the event's questions, the
 * same as a CSV download, and a sign-in sheet to print for the day; on and after the day, who was checked
 * in and the hours each is credited with. For admins, a way to adjust those hours and the event's door
 * staff, and the CSV with the sensitive answers too; door staff see none of these (nor sensitive
 * answers), and are led back to their Door page instead of All Events.
 */
export function DashboardEventRosterPage() {
  const { eventId = '' } = useParams();
  const query = useQuery(rosterQueries.of(eventId));
  // The roster stands without it: a door list that cannot be loaded only leaves the check-in columns out.
  const checkins = useQuery(rosterQueries.checkins(eventId));
  const [adjusting, setAdjusting] = useState<CheckinPerson | null>(null);
  const notFound = isApiError(query.error, 'not_found');
  const roster = query.data;
  const { t, i18n } = useTranslation('manage');
  // The door area's words: door staff's way back to their Door page.
  const { t: doorT } = useTranslation('door');
  const language = i18n.language;
  const { account } = useCurrentAccount();
  const admin = runsEveryDoor(account);
  const back = admin ? { ...backToAllEvents, label: t('backToAllEvents') } : { to: '/dashboard/door', label: doorT('back') };
  usePageTitle(notFound ? t('eventNotFound') : roster ? t('roster.heading', { title: roster.event.title }) : t('roster.title'));

  if (notFound) return <EventNotFound back={back} />;

  return (
    <>
      <Stack gap="lg" data-print="hide">
        {query.isPending && <LoadingBlocks label={t('roster.loading')} blocks={[{ height: 32, width: '50%' }, { height: 160 }]} />}
        {query.isError && (
          <>
            <Title order={1}>{t('roster.title')}</Title>
            <QueryError title={t('roster.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
          </>
        )}
        {roster && (
          <>
            <Stack gap={4}>
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {t('roster.heading', { title: roster.event.title })}
              </Title>
              <Text>
                {roster.event.end ? (
                  <Trans
                    t={t}
                    i18nKey="roster.fromTo"
                    values={{ start: formatWallDate(roster.event.date, language), end: formatWallDate(roster.event.end, language) }}
                    components={{ start: <time dateTime={roster.event.date} />, end: <time dateTime={roster.event.end} /> }}
                  />
                ) : (
                  <time dateTime={roster.event.date}>{formatWallDate(roster.event.date, language)}</time>
                )}
                {roster.event.location && <> · {roster.event.location}</>}
              </Text>
              <Text c="dimmed">{places(roster, t, language)}</Text>
            </Stack>
            <Group gap="sm">
              <ButtonAnchor href={rosterCsvUrl(eventId)} download variant="light">
                {t('roster.csv')}
              </ButtonAnchor>
              {admin && roster.questions?.some((question) => question.sensitive) && (
                <ButtonAnchor href={rosterCsvUrl(eventId, { sensitive: true })} download variant="light">
                  {t('roster.csvSensitive')}
                </ButtonAnchor>
              )}
              <ButtonLink to={`/dashboard/checkin/${eventId}`}>{t('roster.checkin')}</ButtonLink>
              {admin && (
                <ButtonLink to={eventMessagesPath(eventId)} variant="light">
                  {t('eventMessages.writeToPeople')}
                </ButtonLink>
              )}
              <Button variant="light" onClick={() => window.print()}>
                {t('roster.print')}
              </Button>
              {admin ? (
                <ButtonLink to="/dashboard/allEvents" variant="default">
                  {t('allEvents')}
                </ButtonLink>
              ) : (
                <ButtonLink to="/dashboard/door" variant="default">
                  {doorT('back')}
                </ButtonLink>
              )}
            </Group>
            <RosterLists roster={roster} checkins={checkins.data} onAdjust={admin ? setAdjusting : undefined} />
            {admin && checkins.data && (
              <HoursDialog eventId={eventId} person={adjusting} eventHours={checkins.data.event.hours} onDone={() => setAdjusting(null)} />
            )}
            {admin && <DoorStaffSection eventId={eventId} />}
          </>
        )}
      </Stack>
      {roster && <SignInSheet roster={roster} />}
    </>
  );
}
