import { Container, Stack, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageNav } from '../components/page-nav.tsx';
import { QueryError } from '../components/query-error.tsx';
import { SearchBox } from '../components/search-box.tsx';
import { eventQueries } from '../features/events/api.ts';
import { EventGrid, EventGridSkeleton } from '../features/events/event-grid.tsx';
import { EventsEmpty } from '../features/events/events-empty.tsx';
import { EventsHeading, useEventsHeadingText } from '../features/events/events-heading.tsx';
import { type EventsWhen, EventsWhenControl } from '../features/events/events-when.tsx';
import { webConfig } from '../lib/config.ts';
import type { PageData } from '../lib/page-data.ts';
import { readListParams, useListParams } from '../lib/use-list-params.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const perPage = webConfig.eventsPerPage;

const whenOf = (searchParams: URLSearchParams): EventsWhen => (searchParams.get('when') === 'past' ? 'past' : 'upcoming');

/** The events an address (?when=, ?q=, ?page=) shows. */
function eventListQuery(searchParams: URLSearchParams) {
  const { q, page } = readListParams(searchParams);
  return eventQueries.list({ q: q || undefined, when: whenOf(searchParams), limit: perPage, offset: (page - 1) * perPage });
}

export const pageData: PageData = ({ queryClient, url }) => queryClient.prefetchQuery(eventListQuery(url.searchParams));

/** /events: upcoming events (the default) or past ones (?when=past), searched and paged. */
export function EventsPage() {
  const { t } = useTranslation('events');
  const eventsHeadingText = useEventsHeadingText();
  const [searchParams, setSearchParams] = useSearchParams();
  const when = whenOf(searchParams);
  usePageTitle(when === 'past' ? t('title.pastEvents') : t('title.events'));
  const { q, page, setQuery, setPage } = useListParams();
  const query = useQuery(eventListQuery(searchParams));
  // While a new search loads, the previous results stay (dimmed) under the heading that fits them.
  const shownWhen = query.data?.when ?? when;
  const heading = query.data ? eventsHeadingText(query.data.total, query.data.q, shownWhen) : t('title.events');
  const showWhen = (next: EventsWhen) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'past') params.set('when', 'past');
        else params.delete('when');
        params.delete('page');
        return params;
      },
      { preventScrollReset: true },
    );
  const pageCount = Math.max(1, Math.ceil((query.data?.total ?? 0) / perPage));

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <EventsHeading text={heading} />
        <VisuallyHidden role="status">{query.isSuccess && !query.isPlaceholderData ? heading : ''}</VisuallyHidden>
        <EventsWhenControl value={when} onChange={showWhen} />
        <SearchBox label={t('list.searchLabel')} placeholder={t('list.searchPlaceholder')} query={q} onSearch={setQuery} />

        {query.isPending && <EventGridSkeleton count={6} />}
        {query.isError && <QueryError title={t('list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
        {query.isSuccess && query.data.events.length === 0 && (
          <EventsEmpty
            when={shownWhen}
            query={query.data.q}
            pastLastPage={query.data.total > 0}
            onClearSearch={() => setQuery('')}
            onFirstPage={() => setPage(1)}
          />
        )}
        {query.isSuccess && query.data.events.length > 0 && (
          <div aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            <EventGrid events={query.data.events} headingOrder={2} firstOnScreen />
          </div>
        )}
        <PageNav label={t('list.pages')} page={page} pageCount={pageCount} onPage={setPage} />
      </Stack>
    </Container>
  );
}
