import '@mantine/core/styles/Table.css';
import { Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/money.ts';
import type { Activity, MoneyTotal, Overview, OverviewEvent } from '../../../shared/overview.ts';
import { formatCount } from '../../components/admin-list/admin-table.tsx';
import { ButtonLink } from '../../components/button.tsx';
import { EventDate } from '../../components/event-date.tsx';
import { LoadingPlaceholders } from '../../components/loading-placeholders.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatInstantIn } from '../../lib/format-time.ts';
import classes from './admin-overview.module.css';
import { overviewQueries } from './api.ts';
import { RolePlacesList } from './role-places.tsx';

type AdminT = TFunction<'admin'>;

/** Money per currency, each on its own: amounts in different currencies are never added up. */
function moneyText(totals: MoneyTotal[], t: AdminT, language: string): string {
  return totals.length === 0
    ? t('overview.nothingYet')
    : totals.map((total) => formatAmount(total.amount, total.currency, language)).join(' · ');
}

function places(event: OverviewEvent, t: AdminT, language: string): string {
  const registered = formatCount(event.registered, language);
  return event.capacity === null
    ? t('overview.noLimit', { registered })
    : t('overview.placesOf', { registered, capacity: formatCount(event.capacity, language) });
}

/** One line of the latest activity, in words. */
function activityText(item: Activity, t: AdminT, language: string): string {
  const { name, title } = item;
  switch (item.kind) {
    case 'registration':
      return item.status === 'waitlisted'
        ? t('overview.activity.waitlisted', { name, title })
        : t('overview.activity.registered', { name, title });
    case 'donation':
      return t('overview.activity.donated', { name, title, amount: formatAmount(item.amount ?? 0, item.currency ?? 'usd', language) });
    case 'review':
      return item.status === 'pending'
        ? t('overview.activity.reviewPending', { name, title })
        : t('overview.activity.review', { name, title });
    case 'notice':
      return t('overview.activity.notice', { name, title });
  }
}

function UpcomingEvents({ events }: { events: OverviewEvent[] }) {
  const { t, i18n } = useTranslation('admin');
  if (events.length === 0) {
    return (
      <Text>
        {t('overview.noUpcoming')} <Link to="/dashboard/addEvent">{t('overview.addEvent')}</Link>
      </Text>
    );
  }
  return (
    <div className={classes.tableWrap}>
      <Table striped verticalSpacing="xs">
        <VisuallyHidden component="caption">{t('overview.upcomingCaption')}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('overview.event')}</Table.Th>
            <Table.Th scope="col">{t('overview.date')}</Table.Th>
            <Table.Th scope="col">{t('overview.placesHeader')}</Table.Th>
            <Table.Th scope="col">{t('overview.waitlist')}</Table.Th>
            <Table.Th scope="col">{t('overview.roster')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event._id}>
              <Table.Td>
                <Link to={`/eventDetails/${event._id}`}>{event.title}</Link>
              </Table.Td>
              <Table.Td>
                <EventDate date={event.date} size="sm" />
              </Table.Td>
              <Table.Td>
                {places(event, t, i18n.language)}
                {event.roles.length > 0 && (
                  // Its words (the door area's) may still be on their way: the figures above stand without them.
                  <Suspense fallback={null}>
                    <RolePlacesList event={event} />
                  </Suspense>
                )}
              </Table.Td>
              <Table.Td>{formatCount(event.waitlisted, i18n.language)}</Table.Td>
              <Table.Td>
                <Link to={`/dashboard/events/${event._id}/roster`} aria-label={t('overview.rosterOf', { title: event.title })}>
                  {t('overview.roster')}
                </Link>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function Figures({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const { lastDays } = overview;
  const days = formatCount(lastDays.days, language);
  return (
    <dl className={classes.figures}>
      <div className={classes.figure}>
        <dt>{t('overview.registrations', { days })}</dt>
        <dd>{formatCount(lastDays.registrations, language)}</dd>
      </div>
      <div className={classes.figure}>
        <dt>{t('overview.donations', { days })}</dt>
        <dd>{formatCount(lastDays.donations, language)}</dd>
      </div>
      <div className={classes.figure}>
        <dt>{t('overview.raised', { days })}</dt>
        <dd>{moneyText(lastDays.raised, t, language)}</dd>
      </div>
      <div className={classes.figure}>
        <dt>{t('overview.totalRaised')}</dt>
        <dd>{moneyText(overview.totalRaised, t, language)}</dd>
      </div>
    </dl>
  );
}

function LatestActivity({ activity }: { activity: Activity[] }) {
  const { t, i18n } = useTranslation('admin');
  if (activity.length === 0) return <Text>{t('overview.nothingHappened')}</Text>;
  return (
    <ul className={classes.list}>
      {activity.map((item) => (
        <li key={`${item.kind}-${item._id}`} className={classes.activity}>
          <Text size="sm">{activityText(item, t, i18n.language)}</Text>
          <Text component="time" dateTime={item.date} size="xs" c="dimmed">
            {formatInstantIn(item.date, i18n.language)}
          </Text>
        </li>
      ))}
    </ul>
  );
}

/** The admin's dashboard front page: how full the next events are, recent figures and what happened lately. */
export function AdminOverview() {
  const { t, i18n } = useTranslation('admin');
  const query = useQuery(overviewQueries.current());
  return (
    <Stack component="section" aria-labelledby="overview-heading" gap="lg" mt="xl">
      <Title order={2} id="overview-heading">
        {t('overview.title')}
      </Title>
      {query.isPending && (
        <LoadingPlaceholders label={t('overview.loading')} count={3} layout="stack">
          <Skeleton height={90} radius="md" />
        </LoadingPlaceholders>
      )}
      {query.isError && <QueryError title={t('overview.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <>
          <Figures overview={query.data} />
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="upcoming-heading">
            <Stack gap="sm">
              <Title order={3} id="upcoming-heading">
                {t('overview.upcoming')}
              </Title>
              <UpcomingEvents events={query.data.upcoming} />
              <div>
                <ButtonLink to="/dashboard/allEvents" variant="light">
                  {t('overview.allEvents')}
                </ButtonLink>
              </div>
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="activity-heading">
            <Stack gap="sm">
              <Title order={3} id="activity-heading">
                {t('overview.latest')}
              </Title>
              <LatestActivity activity={query.data.activity} />
              <Text size="sm" c="dimmed">
                {t('overview.items', { count: query.data.activity.length, n: formatCount(query.data.activity.length, i18n.language) })}
              </Text>
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
