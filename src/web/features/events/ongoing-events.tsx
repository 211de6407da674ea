import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../components/button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { webConfig } from '../../lib/config.ts';
import { eventQueries } from './api.ts';
import { EventGrid, EventGridSkeleton } from './event-grid.tsx';

/** What 'Ongoing Events' shows: the first six still to come or going on, soonest first (spec sections 1 and 9). */
export const ongoingEventsQuery = eventQueries.list({ when: 'upcoming', limit: webConfig.homeEventCount, offset: 0 });

/** The home page's 'Ongoing Events'. */
export function OngoingEvents() {
  const query = useQuery(ongoingEventsQuery);

  return (
    <Stack component="section" aria-labelledby="ongoing-events-heading" gap="lg">
      <Title order={2} id="ongoing-events-heading">
        Ongoing Events
      </Title>
      {query.isPending && <EventGridSkeleton count={webConfig.homeEventCount} />}
      {query.isError && <QueryError title="Events could not be loaded" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess &&
        (query.data.events.length > 0 ? (
          <EventGrid events={query.data.events} />
        ) : (
          <Text>There are no events yet. Please check back soon.</Text>
        ))}
      <Group>
        <ButtonLink to="/events" variant="outline">
          See all events
        </ButtonLink>
      </Group>
    </Stack>
  );
}
