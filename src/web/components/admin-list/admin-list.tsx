import { Group, NativeSelect, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../lib/use-list-params.ts';
import { Button } from '../button.tsx';
import { PageNav } from '../page-nav.tsx';
import { QueryError } from '../query-error.tsx';
import { SearchBox } from '../search-box.tsx';
import { AdminTable, AdminTableSkeleton, type Column } from './admin-table.tsx';
import { adminListQuery, type ListPage } from './list-query.ts';

const perPage = 25;

interface AdminListProps<Row> {
  /** The API list: '/events'. */
  path: string;
  /** The page's heading once the server has counted: `Total ${total} events going on`. */
  heading: (total: number, q: string) => string;
  /** The heading before the first answer. */
  loadingHeading: string;
  /** The table's accessible name and what the rows are: 'Events'; in the page navigation's name ('Events pages'). */
  caption: string;
  /** 'events': in 'Loading events' and 'No events match …'. */
  noun: string;
  searchLabel: string;
  searchPlaceholder: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  /** The empty state when nothing exists yet (not merely nothing matches). */
  empty: ReactNode;
  /** Buttons beside the search (a CSV download). */
  tools?: ReactNode;
  /** A line under the heading from the same answer (the total raised). */
  summary?: (page: ListPage<Row>) => ReactNode;
}

/**
 * An admin list (spec section 2, DECISIONS 3.7): searched, sorted and paged by the server with
 * the search, sort and page in the address; the heading counts from the server's total; loading,
 * empty, no-match and error states; a table on wide screens and labelled rows on phones.
 */
export function AdminList<Row>(props: AdminListProps<Row>) {
  const { t } = useTranslation('admin');
  const { path, heading, loadingHeading, caption, noun, columns, rowKey } = props;
  const sortColumns = columns.flatMap((column) => (column.sort ? [column.sort] : []));
  const { q, page, sort, setQuery, setPage, setSort } = useListParams(sortColumns);
  const narrow = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const query = useQuery(adminListQuery<Row>(path, { q, sort, limit: perPage, offset: (page - 1) * perPage }));
  const data = query.data;
  const title = data ? heading(data.total, data.q) : loadingHeading;
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / perPage));

  return (
    <Stack gap="lg">
      {/* A search is often one long word (an email address): it wraps rather than widen a phone's page. */}
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      <VisuallyHidden role="status">{query.isSuccess && !query.isPlaceholderData ? title : ''}</VisuallyHidden>
      {data && props.summary?.(data)}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 16rem' }}>
          <SearchBox label={props.searchLabel} placeholder={props.searchPlaceholder} query={q} onSearch={setQuery} />
        </div>
        {narrow && sortColumns.length > 0 && (
          <NativeSelect
            label={t('list.sortBy')}
            value={sort ?? ''}
            onChange={(event) => setSort(event.currentTarget.value || undefined)}
            data={[
              { value: '', label: t('list.defaultOrder') },
              ...columns.flatMap((column) =>
                column.sort
                  ? [
                      { value: column.sort, label: t('list.ascending', { column: column.header }) },
                      { value: `-${column.sort}`, label: t('list.descending', { column: column.header }) },
                    ]
                  : [],
              ),
            ]}
          />
        )}
        {props.tools}
      </Group>

      {query.isPending && <AdminTableSkeleton columns={narrow ? 2 : columns.length} label={t('list.loading', { noun })} />}
      {query.isError && !data && (
        <QueryError title={t('list.loadFailed', { noun })} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {query.isError && data && (
        <QueryError title={t('list.refreshFailed', { noun })} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {data && data.rows.length === 0 && (
        <Paper withBorder p="xl" radius="md">
          {data.q ? (
            <Stack align="center" gap="sm" ta="center">
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {t('list.noMatch', { noun, q: data.q })}
              </Text>
              <Button variant="light" onClick={() => setQuery('')}>
                {t('list.clearSearch')}
              </Button>
            </Stack>
          ) : data.total > 0 ? (
            <Stack align="center" gap="sm" ta="center">
              <Text fw={700}>{t('list.pastLast')}</Text>
              <Button variant="light" onClick={() => setPage(1)}>
                {t('list.firstPage')}
              </Button>
            </Stack>
          ) : (
            props.empty
          )}
        </Paper>
      )}
      {data && data.rows.length > 0 && (
        <div aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <AdminTable caption={caption} columns={columns} rows={data.rows} rowKey={rowKey} sort={sort} onSort={setSort} narrow={narrow} />
        </div>
      )}
      <PageNav label={t('list.pages', { caption })} page={page} pageCount={pageCount} onPage={setPage} />
    </Stack>
  );
}
