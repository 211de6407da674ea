import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { formatWallDate } from '../../shared/format.ts';
import type { DoorEvent } from '../../shared/staff.ts';
import { ButtonLink } from '../components/button.tsx';
import { LoadingPlaceholders } from '../components/loading-placeholders.tsx';
import { QueryError } from '../components/query-error.tsx';
import { runsEveryDoor, staffQueries } from '../features/staff/api.ts';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

function DoorEventCard({ event }: { event: DoorEvent }) {
  const { t, i18n } = useTranslation('door');
  const language = i18n.language;
  const headingId = `door-event-${event._id}`;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h3" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {event.title}
        </Title>
        <Text>
          {event.end ? (
            <Trans
              t={t}
              i18nKey="page.fromTo"
              values={{ start: formatWallDate(event.date, language), end: formatWallDate(event.end, language) }}
              components={{ start: <time dateTime={event.date} />, end: <time dateTime={event.end} /> }}
            />
          ) : (
            <time dateTime={event.date}>{formatWallDate(event.date, language)}</time>
          )}
        </Text>
        <Text c={event.location ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {event.location ?? t('page.noPlace')}
        </Text>
        <Group gap="sm" mt="xs">
          <ButtonLink to={`/dashboard/checkin/${event._id}`} aria-label={t('page.checkInAt', { title: event.title })}>
            {t('page.checkIn')}
          </ButtonLink>
          <ButtonLink to={`/dashboard/events/${event._id}/roster`} variant="light" aria-label={t('page.rosterOf', { title: event.title })}>
            {t('page.roster')}
          </ButtonLink>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /dashboard/door (anyone signed in): the events (to come or under way) whose door an admin named the
 * person to run, each with its check-in and its roster. An admin runs every door from All Events, and
 * finds here only the doors they were named to.
 */
export function DashboardDoorPage() {
  const { t } = useTranslation('door');
  usePageTitle(t('page.title'));
  const { account } = useCurrentAccount();
  const query = useQuery(staffQueries.doorEvents());

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('page.title')}</Title>
        <Text>{t('page.intro')}</Text>
      </Stack>
      {query.isPending && (
        <LoadingPlaceholders label={t('page.loading')} count={2} layout="stack">
          <Skeleton height={140} radius="md" />
        </LoadingPlaceholders>
      )}
      {query.isError && <QueryError title={t('page.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.length === 0 && (
        <Paper withBorder p="xl" radius="md">
          <Stack gap="sm" align="center" ta="center">
            <Text>{t('page.none')}</Text>
            {runsEveryDoor(account) && (
              <>
                <Text c="dimmed">{t('page.adminNote')}</Text>
                <ButtonLink to="/dashboard/allEvents" variant="light">
                  {t('page.allEvents')}
                </ButtonLink>
              </>
            )}
          </Stack>
        </Paper>
      )}
      {query.isSuccess && query.data.length > 0 && (
        <Stack component="ul" gap="md" maw={820} aria-label={t('page.listLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {query.data.map((event) => (
            <li key={event._id}>
              <DoorEventCard event={event} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
