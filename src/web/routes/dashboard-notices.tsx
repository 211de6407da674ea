import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadingPlaceholders } from '../components/loading-placeholders.tsx';
import { NotAuthorised } from '../components/not-authorised.tsx';
import { QueryError } from '../components/query-error.tsx';
import { noticeQueries } from '../features/notices/api.ts';
import { NoticeCard } from '../features/notices/notice-card.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const noticeCount = (count: number) => `Total ${count} ${count === 1 ? 'Notice' : 'Notices'}`;

/** /dashboard/notices: volunteers and admins only, as the server decides too. */
export function DashboardNoticesPage() {
  const { account } = useCurrentAccount();
  if (account?.role !== 'volunteer' && account?.role !== 'admin') {
    return <NotAuthorised reason="Notices are for volunteers and admins. If you volunteer with us, ask one of the charity's admins." />;
  }
  return <NoticeList />;
}

function NoticeList() {
  const query = useQuery(noticeQueries.list());
  const heading = query.isSuccess ? noticeCount(query.data.total) : 'Notices';
  usePageTitle('Notices');

  return (
    <Stack gap="lg">
      <Title order={1}>{heading}</Title>
      {query.isPending && (
        <LoadingPlaceholders label="Loading notices" count={3} layout="stack">
          <Skeleton height={110} radius="md" />
        </LoadingPlaceholders>
      )}
      {query.isError && <QueryError title="Notices could not be loaded" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.notices.length === 0 && (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">There are no notices yet. The team posts news for volunteers here.</Text>
        </Paper>
      )}
      {query.isSuccess && query.data.notices.length > 0 && (
        <Stack component="ul" gap="md" maw={820} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {query.data.notices.map((notice) => (
            <li key={notice._id}>
              <NoticeCard notice={notice} />
            </li>
          ))}
        </Stack>
      )}
      {query.isSuccess && query.data.total > query.data.notices.length && (
        <Text size="sm" c="dimmed">
          Showing the newest {query.data.notices.length}.
        </Text>
      )}
    </Stack>
  );
}
