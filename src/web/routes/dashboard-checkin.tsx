import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { type CheckinPerson, checkinMessages } from '../../shared/checkin.ts';
import { formatEventDate } from '../../shared/event-date.ts';
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
import { isApiError } from '../lib/api-error.ts';
import { formatInstantDateTime } from '../lib/format-time.ts';
import { notify } from '../lib/notify.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/**
 * /dashboard/checkin/{eventId} (admins): the door. Scan passes with the phone's camera or find people by
 * name; each check-in says at once, in big words, checked in, already checked in, or not valid. With no
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
  usePageTitle(notFound ? 'Event not found' : list ? `Check-in: ${list.event.title}` : 'Check-in');

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
      void notify({ color: 'teal', message: `${checkinMessages.undone}: ${person.name}` });
    } catch (error) {
      void notify({ color: 'red', title: 'The check-in was not undone', message: (error as Error).message });
    }
  }

  if (notFound) return <EventNotFound back={backToAllEvents} />;

  const checkedIn = list ? list.people.filter((person) => person.checkedInAt !== null).length : 0;
  const shut = list ? doorShut(list.event) : null;
  const offlineReady = pageKept === 'kept' && query.data?.stored === true;
  return (
    <Stack gap="lg" data-offline-ready={offlineReady || undefined}>
      {query.isPending && (
        <LoadingBlocks label="Loading the door list" blocks={[{ height: 32, width: '50%' }, { height: 88 }, { height: 200 }]} />
      )}
      {query.isError && (
        <>
          <Title order={1}>Check-in</Title>
          <QueryError title="The door list could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        </>
      )}
      {list && query.data && (
        <>
          <Stack gap={4}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              Check-in: {list.event.title}
            </Title>
            <Text>
              <time dateTime={list.event.date}>{formatEventDate(list.event.date)}</time>
              {list.event.location && <> · {list.event.location}</>}
            </Text>
            {shut && (
              <Text fw={600} data-testid="door-shut">
                {shut.detail}
              </Text>
            )}
            <Text size="xl" fw={700} aria-live="polite" data-testid="door-count">
              {checkedIn} of {list.registered} checked in
            </Text>
            <Group gap="md">
              <Text fw={600} aria-live="polite" data-testid="door-waiting">
                Waiting to send: {door.waiting}
              </Text>
              <Text size="sm" c={door.online ? 'dimmed' : undefined} fw={door.online ? undefined : 600}>
                {door.online ? 'Online' : 'Offline: check-ins are kept on this phone'}
              </Text>
              {door.online && (
                <Text size="sm" role="status" data-testid="door-offline">
                  {offlineReady
                    ? 'Ready offline: this page opens without a connection'
                    : pageKept === 'not-kept'
                      ? 'Not ready offline: this browser did not keep the page, so keep it open'
                      : 'Getting ready to work offline…'}
                </Text>
              )}
            </Group>
            {query.data.keptFrom && (
              <Text size="sm">The list as this phone last loaded it, {formatInstantDateTime(query.data.keptFrom)}.</Text>
            )}
            {door.lastSent !== null && door.waiting === 0 && (
              <Text size="sm" role="status">
                Sent {door.lastSent} {door.lastSent === 1 ? 'check-in' : 'check-ins'} kept on this phone.
              </Text>
            )}
          </Stack>
          <ResultBanner ref={banner} result={door.result} />
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="door-scan-heading">
            <Stack gap="sm">
              <Title order={2} size="h3" id="door-scan-heading">
                Scan passes
              </Title>
              <PassScanner onScan={door.scanned} />
            </Stack>
          </Paper>
          <ConflictList conflicts={door.conflicts} onDismiss={(key) => void door.dismissConflict(key)} />
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="door-people-heading">
            <Stack gap="sm">
              <Title order={2} size="h3" id="door-people-heading">
                Find by name
              </Title>
              <DoorSearch
                people={list.people}
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
              Roster
            </ButtonLink>
            <ButtonLink to="/dashboard/allEvents" variant="default">
              All Events
            </ButtonLink>
          </Group>
          <ConfirmDialog
            opened={undoing?.open ?? false}
            title="Undo this check-in?"
            subject={undoing ? `${undoing.person.name} will no longer be counted as checked in.` : ''}
            confirmLabel="Yes, undo"
            declineLabel="No, keep it"
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
