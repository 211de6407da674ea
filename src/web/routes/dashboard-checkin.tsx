import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CheckinPerson } from '../../shared/checkin.ts';
import { formatNumber, formatWallDate } from '../../shared/format.ts';
import { ButtonLink } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { LoadingBlocks } from '../components/loading-placeholders.tsx';
import { QueryError } from '../components/query-error.tsx';
import { checkinQueries, undoCheckin } from '../features/checkin/api.ts';
import { ConflictList } from '../features/checkin/conflict-list.tsx';
import { DoorSearch } from '../features/checkin/door-search.tsx';
import { keepDoorPageForOffline } from '../features/checkin/offline-shell.ts';
import { PassScanner } from '../features/checkin/pass-scanner.tsx';
import { ResultBanner } from '../features/checkin/result-banner.tsx';
import { doorShut, useDoor } from '../features/checkin/use-door.ts';
import { backToAllEvents, EventNotFound } from '../features/events/event-not-found.tsx';
import { runsEveryDoor, shiftLabel } from '../features/staff/api.ts';
import { isApiError } from '../lib/api-error.ts';
import { useCurrentAccount } from '../lib/current-account.ts';
import { formatInstantIn } from '../lib/format-time.ts';
import { notify } from '../lib/notify.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/**
 * /dashboard/checkin/{eventId} (admins, and the event's door staff, who are led back to their Door page
 * instead of All Events): the door. Scan passes with the phone's camera or find people by
 * name; each check-in says at once, in big words, checked in, already checked in, or not valid, with the
 * person's answers to the check-in questions (an allergy) on their line and in the result. With no
 * connection it goes on working from the door list kept on the phone: check-ins wait there and are sent,
 * each once, when the connection returns (decision 032).
 */
export function DashboardCheckinPage() {
  const { eventId = '' } = useParams();
  const query = useQuery(checkinQueries.doorList(eventId));
  const door = useDoor(eventId, query.data);
  const banner = useRef<HTMLDivElement>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [undoing, setUndoing] = useState<{ person: CheckinPerson; open: boolean } | null>(null);
  // Whether the page, its files and the account are kept for opening with no connection (the list is kept apart).
  const [pageKept, setPageKept] = useState<'pending' | 'kept' | 'not-kept'>('pending');
  const notFound = isApiError(query.error, 'not_found');
  const list = query.data?.list;
  const { t, i18n } = useTranslation('manage');
  // The door area's words: door staff's way back, and a place's shift.
  const { t: doorT } = useTranslation('door');
  const language = i18n.language;
  const count = (value: number) => formatNumber(value, language, { useGrouping: false });
  const { account } = useCurrentAccount();
  const admin = runsEveryDoor(account);
  const back = admin ? { ...backToAllEvents, label: t('backToAllEvents') } : { to: '/dashboard/door', label: doorT('back') };
  usePageTitle(notFound ? t('eventNotFound') : list ? t('checkin.heading', { title: list.event.title }) : t('checkin.title'));

  useEffect(() => {
    void keepDoorPageForOffline().then((kept) => setPageKept(kept ? 'kept' : 'not-kept'));
  }, []);

  // Each result is said by the status region and gets the focus, so the next action starts from it.
  useEffect(() => {
    if (door.result) banner.current?.focus();
  }, [door.result]);

  async function checkInByName(person: CheckinPerson) {
    setBusyId(person.registrationId);
    try {
      await door.checkIn({ registrationId: person.registrationId });
    } finally {
      setBusyId(null);
    }
  }

  async function undo(person: CheckinPerson) {
    try {
      await undoCheckin(person.registrationId);
      door.markCheckedIn(person.registrationId, null);
      void notify({
        color: 'teal',
        message: person.shift
          ? doorT('shift.undone', { name: person.name, shift: shiftLabel(person.shift, doorT, language) })
          : t('checkin.undone', { name: person.name }),
      });
    } catch (error) {
      void notify({ color: 'red', title: t('checkin.notUndone'), message: (error as Error).message });
    }
  }

  if (notFound) return <EventNotFound back={back} />;

  const checkedIn = list ? list.people.filter((person) => person.checkedInAt !== null).length : 0;
  const shut = list ? doorShut(list.event, t, language) : null;
  const offlineReady = pageKept === 'kept' && query.data?.stored === true;
  return (
    <Stack gap="lg" data-offline-ready={offlineReady || undefined}>
      {query.isPending && (
        <LoadingBlocks label={t('checkin.loading')} blocks={[{ height: 32, width: '50%' }, { height: 88 }, { height: 200 }]} />
      )}
      {query.isError && (
        <>
          <Title order={1}>{t('checkin.title')}</Title>
          <QueryError title={t('checkin.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
        </>
      )}
      {list && query.data && (
        <>
          <Stack gap={4}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {t('checkin.heading', { title: list.event.title })}
            </Title>
            <Text>
              <time dateTime={list.event.date}>{formatWallDate(list.event.date, language)}</time>
              {list.event.location && <> · {list.event.location}</>}
            </Text>
            {shut && (
              <Text fw={600} data-testid="door-shut">
                {shut.detail}
              </Text>
            )}
            <Text size="xl" fw={700} aria-live="polite" data-testid="door-count">
              {t('checkin.count', { checkedIn: count(checkedIn), registered: count(list.registered) })}
            </Text>
            <Group gap="md">
              <Text fw={600} aria-live="polite" data-testid="door-waiting">
                {t('checkin.waiting', { n: count(door.waiting) })}
              </Text>
              <Text size="sm" c={door.online ? 'dimmed' : undefined} fw={door.online ? undefined : 600}>
                {door.online ? t('checkin.online') : t('checkin.offline')}
              </Text>
              {door.online && (
                <Text size="sm" role="status" data-testid="door-offline">
                  {offlineReady
                    ? t('checkin.readyOffline')
                    : pageKept === 'not-kept'
                      ? t('checkin.notReadyOffline')
                      : t('checkin.gettingReady')}
                </Text>
              )}
            </Group>
            {query.data.keptFrom && (
              <Text size="sm">{t('checkin.keptFrom', { when: formatInstantIn(query.data.keptFrom, language) })}</Text>
            )}
            {door.lastSent !== null && door.waiting === 0 && (
              <Text size="sm" role="status">
                {t('checkin.sent', { count: door.lastSent, n: count(door.lastSent) })}
              </Text>
            )}
          </Stack>
          <ResultBanner ref={banner} result={door.result} />
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="door-scan-heading">
            <Stack gap="sm">
              <Title order={2} size="h3" id="door-scan-heading">
                {t('checkin.scan')}
              </Title>
              <PassScanner onScan={door.scanned} />
            </Stack>
          </Paper>
          <ConflictList conflicts={door.conflicts} onDismiss={(key) => void door.dismissConflict(key)} />
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="door-people-heading">
            <Stack gap="sm">
              <Title order={2} size="h3" id="door-people-heading">
                {t('checkin.find')}
              </Title>
              <DoorSearch
                people={list.people}
                questions={list.questions}
                waitingIds={door.waitingIds}
                online={door.online}
                busyId={busyId}
                onCheckIn={(person) => void checkInByName(person)}
                onUndo={(person) => setUndoing({ person, open: true })}
              />
            </Stack>
          </Paper>
          <Group gap="sm">
            <ButtonLink to={`/dashboard/events/${eventId}/roster`} variant="default">
              {t('checkin.roster')}
            </ButtonLink>
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
          <ConfirmDialog
            opened={undoing?.open ?? false}
            title={t('checkin.undoQuestion')}
            subject={
              undoing
                ? undoing.person.shift
                  ? doorT('shift.undoSubject', { name: undoing.person.name, shift: shiftLabel(undoing.person.shift, doorT, language) })
                  : t('checkin.undoSubject', { name: undoing.person.name })
                : ''
            }
            confirmLabel={t('checkin.undoConfirm')}
            declineLabel={t('checkin.undoDecline')}
            onConfirm={() => {
              if (undoing) void undo(undoing.person);
              setUndoing((current) => current && { ...current, open: false });
            }}
            onDecline={() => setUndoing((current) => current && { ...current, open: false })}
          />
        </>
      )}
    </Stack>
  );
}
