import { Container, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryError } from '../components/query-error.tsx';
import { eventQueries } from '../features/events/api.ts';
import { EventDetailsSkeleton } from '../features/events/event-details-skeleton.tsx';
import { EventDetailsView } from '../features/events/event-details-view.tsx';
import { EventNotFound } from '../features/events/event-not-found.tsx';
import { shiftQueries } from '../features/shifts/api.ts';
import { ShiftList } from '../features/shifts/shift-list.tsx';
import { isApiError } from '../lib/api-error.ts';
import type { PageData } from '../lib/page-data.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** The event and, when shifts staff it, its shifts: the page is drawn with both. */
export const pageData: PageData = async ({ queryClient, params }) => {
  const eventId = params.eventId ?? '';
  await queryClient.prefetchQuery(eventQueries.detail(eventId));
  if (queryClient.getQueryData(eventQueries.detail(eventId).queryKey)?.shifts)
    await queryClient.prefetchQuery(shiftQueries.ofEvent(eventId));
};

export function EventDetailsPage() {
  const { t } = useTranslation('events');
  const { eventId = '' } = useParams();
  const query = useQuery(eventQueries.detail(eventId));
  const notFound = isApiError(query.error, 'not_found');

  usePageTitle(query.data?.title ?? (notFound ? t('title.notFound') : t('title.event')));

  return (
    <Container size="md" py="xl">
      {query.isPending && <EventDetailsSkeleton />}
      {notFound && <EventNotFound />}
      {query.isError && !notFound && (
        <>
          <Title order={1} mb="md">
            {t('title.event')}
          </Title>
          <QueryError title={t('details.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
        </>
      )}
      {query.isSuccess && <EventDetailsView event={query.data} shifts={query.data.shifts > 0 ? <ShiftList event={query.data} /> : null} />}
    </Container>
  );
}
