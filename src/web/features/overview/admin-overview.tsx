import '@mantine/core/styles/Table.css';
import { Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/money.ts';
import type { Activity, MoneyTotal, Overview, OverviewEvent } from '../../../shared/overview.ts';
import { ButtonLink } from '../../components/button.tsx';
import { EventDate } from '../../components/event-date.tsx';
import { LoadingPlaceholders } from '../../components/loading-placeholders.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { counted } from '../../lib/counted.ts';
import { formatInstantDateTime } from '../../lib/format-time.ts';
import classes from './admin-overview.module.css';
import { overviewQueries } from './api.ts';

/** Money per currency, each on its own: amounts in different currencies are never added up. */
function moneyText(totals: MoneyTotal[]): string {
  return totals.length === 0 ? 'Nothing yet' : totals.map((total) => formatAmount(total.amount, total.currency)).join(' · ');
}

function places(event: OverviewEvent): string {
  return event.capacity === null ? `${event.registered} (no limit)` : `${event.registered} / ${event.capacity}`;
}

/** One line of the latest activity, in words. */
function activityText(item: Activity): string {
  switch (item.kind) {
    case 'registration':
      return item.status === 'waitlisted'
        ? `${item.name} joined the waitlist for ${item.title}`
        : `${item.name} registered for ${item.title}`;
    case 'donation':
      return `${item.name} donated ${formatAmount(item.amount ?? 0, item.currency ?? 'usd')} to ${item.title}`;
    case 'review':
      return `${item.name} wrote a review: ‘${item.title}’${item.status === 'pending' ? ' (waiting for approval)' : ''}`;
    case 'notice':
      return `${item.name} published a notice: ‘${item.title}’`;
  }
}

function UpcomingEvents({ events }: { events: OverviewEvent[] }) {
  if (events.length === 0) {
    return (
      <Text>
        No upcoming events. <Link to="/dashboard/addEvent">Add Event</Link>
      </Text>
    );
  }
  return (
    <div className={classes.tableWrap}>
      <Table striped verticalSpacing="xs">
        <VisuallyHidden component="caption">Upcoming events, soonest first</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Event</Table.Th>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Registered / capacity</Table.Th>
            <Table.Th scope="col">Waitlist</Table.Th>
            <Table.Th scope="col">Roster</Table.Th>
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
              <Table.Td>{places(event)}</Table.Td>
              <Table.Td>{event.waitlisted}</Table.Td>
              <Table.Td>
                <Link to={`/dashboard/events/${event._id}/roster`} aria-label={`Roster of ${event.title}`}>
                  Roster
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
  const { lastDays } = overview;
  return (
    <dl className={classes.figures}>
      <div className={classes.figure}>
        <dt>Registrations, last {lastDays.days} days</dt>
        <dd>{lastDays.registrations}</dd>
      </div>
      <div className={classes.figure}>
        <dt>Donations, last {lastDays.days} days</dt>
        <dd>{lastDays.donations}</dd>
      </div>
      <div className={classes.figure}>
        <dt>Raised, last {lastDays.days} days</dt>
        <dd>{moneyText(lastDays.raised)}</dd>
      </div>
      <div className={classes.figure}>
        <dt>Total raised</dt>
        <dd>{moneyText(overview.totalRaised)}</dd>
      </div>
    </dl>
  );
}

function LatestActivity({ activity }: { activity: Activity[] }) {
  if (activity.length === 0) return <Text>Nothing has happened yet.</Text>;
  return (
    <ul className={classes.list}>
      {activity.map((item) => (
        <li key={`${item.kind}-${item._id}`} className={classes.activity}>
          <Text size="sm">{activityText(item)}</Text>
          <Text component="time" dateTime={item.date} size="xs" c="dimmed">
            {formatInstantDateTime(item.date)}
          </Text>
        </li>
      ))}
    </ul>
  );
}

/** The admin's dashboard front page: how full the next events are, recent figures and what happened lately. */
export function AdminOverview() {
  const query = useQuery(overviewQueries.current());
  return (
    <Stack component="section" aria-labelledby="overview-heading" gap="lg" mt="xl">
      <Title order={2} id="overview-heading">
        Overview
      </Title>
      {query.isPending && (
        <LoadingPlaceholders label="Loading the overview" count={3} layout="stack">
          <Skeleton height={90} radius="md" />
        </LoadingPlaceholders>
      )}
      {query.isError && <QueryError title="The overview could not be loaded" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <>
          <Figures overview={query.data} />
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="upcoming-heading">
            <Stack gap="sm">
              <Title order={3} id="upcoming-heading">
                Upcoming events
              </Title>
              <UpcomingEvents events={query.data.upcoming} />
              <div>
                <ButtonLink to="/dashboard/allEvents" variant="light">
                  All Events
                </ButtonLink>
              </div>
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="activity-heading">
            <Stack gap="sm">
              <Title order={3} id="activity-heading">
                Latest activity
              </Title>
              <LatestActivity activity={query.data.activity} />
              <Text size="sm" c="dimmed">
                {counted(query.data.activity.length, 'item')}, newest first.
              </Text>
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
