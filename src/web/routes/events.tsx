import { Container, Group, Pagination, Stack, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../components/query-error.tsx';
import { eventQueries } from '../features/events/api.ts';
import { EventGrid, EventGridSkeleton } from '../features/events/event-grid.tsx';
import { EventSearchBox } from '../features/events/event-search-box.tsx';
import { EventsEmpty } from '../features/events/events-empty.tsx';
import { EventsHeading, eventsHeadingText } from '../features/events/events-heading.tsx';
import { useEventListParams } from '../features/events/use-event-list-params.ts';
import { webConfig } from '../lib/config.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const perPage = webConfig.eventsPerPage;
const controlLabels = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

export function EventsPage() {
  usePageTitle('Events');
  const { q, page, setQuery, setPage } = useEventListParams();
  const query = useQuery(eventQueries.list({ q: q || undefined, limit: perPage, offset: (page - 1) * perPage }));
  // While a new search loads, the previous results stay (dimmed) under the heading that fits them.
  const heading = query.data ? eventsHeadingText(query.data.total, query.data.q) : 'Events';
  const pageCount = Math.max(1, Math.ceil((query.data?.total ?? 0) / perPage));

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <EventsHeading text={heading} />
        <VisuallyHidden role="status">{query.isSuccess && !query.isPlaceholderData ? heading : ''}</VisuallyHidden>
        <EventSearchBox query={q} onSearch={setQuery} />

        {query.isPending && <EventGridSkeleton count={6} />}
        {query.isError && (
          <QueryError title="Events could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        )}
        {query.isSuccess && query.data.events.length === 0 && (
          <EventsEmpty
            query={query.data.q}
            pastLastPage={query.data.total > 0}
            onClearSearch={() => setQuery('')}
            onFirstPage={() => setPage(1)}
          />
        )}
        {query.isSuccess && query.data.events.length > 0 && (
          <div aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            <EventGrid events={query.data.events} headingOrder={2} />
          </div>
        )}
        {pageCount > 1 && (
          <Group justify="center" component="nav" aria-label="Event pages">
            <Pagination
              total={pageCount}
              value={Math.min(page, pageCount)}
              onChange={setPage}
              siblings={1}
              gap={4}
              getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Group>
        )}
      </Stack>
    </Container>
  );
}
