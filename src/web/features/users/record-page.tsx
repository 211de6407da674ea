import { Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

interface BackLink {
  to: string;
  label: string;
}

interface RecordPageProps<Record> {
  /** The page's heading and tab title: 'Add Role'. */
  title: string;
  /** What the page is about, in the reader's words: 'registration'. */
  what: string;
  query: UseQueryResult<Record>;
  back: BackLink;
  /** The page's content once the record has loaded. */
  children: (record: Record) => ReactNode;
}

/**
 * A page about one record named in its address (an account, a registration): loading, could not
 * load (with Try again), not found (a deleted record, a mistyped address, with the way back), or
 * the record, always with the link back to its list.
 */
export function RecordPage<Record>({ title, what, query, back, children }: RecordPageProps<Record>) {
  const { t } = useTranslation('admin');
  const notFound = isApiError(query.error, 'not_found');
  const missing = t('record.notFound', { what: `${what.charAt(0).toUpperCase()}${what.slice(1)}` });
  usePageTitle(notFound ? missing : title);

  if (notFound) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" ta="center" gap="sm">
          <Title order={1}>{missing}</Title>
          <Text c="dimmed">{t('record.gone', { what })}</Text>
          <ButtonLink to={back.to}>{back.label}</ButtonLink>
        </Stack>
      </Paper>
    );
  }
  const record = query.data;
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {query.isPending && <RecordSkeleton label={t('record.loading', { what })} />}
      {query.isError && record === undefined && (
        <QueryError title={t('record.loadFailed', { what })} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {record !== undefined && children(record)}
      <div>
        <ButtonLink to={back.to} variant="subtle">
          {back.label}
        </ButtonLink>
      </div>
    </Stack>
  );
}

/** The person's card and the form, while they load. */
function RecordSkeleton({ label }: { label: string }) {
  return (
    <div role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Stack gap="md" maw={720} aria-hidden="true">
        <Skeleton height={112} radius="md" />
        <Skeleton height={16} width="40%" />
        <Skeleton height={16} width="60%" />
        <Skeleton height={36} width={120} />
      </Stack>
    </div>
  );
}
