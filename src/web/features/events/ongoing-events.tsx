import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { webConfig } from '../../lib/config.ts';
import { eventQueries } from './api.ts';
import { EventGrid, EventGridSkeleton } from './event-grid.tsx';

/** What 'Ongoing Events' shows: the first six still to come or going on, soonest first (spec sections 1 and 9). */
export const ongoingEventsQuery = eventQueries.list({ when: 'upcoming', limit: webConfig.homeEventCount, offset: 0 });

/** The home page's 'Ongoing Events'. */
export function OngoingEvents() {
  const { t } = useTranslation('events');
  const query = useQuery(ongoingEventsQuery);

  return (
    <Stack component="section" aria-labelledby="ongoing-events-heading" gap="lg">
      <Title order={2} id="ongoing-events-heading">
        {t('home.ongoing')}
      </Title>
      {query.isPending && <EventGridSkeleton count={webConfig.homeEventCount} />}
      {query.isError && <QueryError title={t('list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (query.data.events.length > 0 ? <EventGrid events={query.data.events} /> : <Text>{t('home.noEvents')}</Text>)}
      <Group>
        <ButtonLink to="/events" variant="outline">
          {t('home.seeAll')}
        </ButtonLink>
      </Group>
    </Stack>
  );
}
