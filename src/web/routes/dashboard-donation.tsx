import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../components/button.tsx';
import { QueryError } from '../components/query-error.tsx';
import { donationQueries } from '../features/donations/api.ts';
import { DonationGrid, DonationGridSkeleton } from '../features/donations/donation-grid.tsx';
import { donationTotal } from '../features/donations/donation-total.ts';
import { YearlyStatement } from '../features/donations/yearly-statement.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { useSite } from '../lib/site.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/donation: the signed-in person's own donations as cards, with what they add up to. */
export function DashboardDonationPage() {
  const site = useSite();
  usePageTitle('My Donation');
  const { account } = useCurrentAccount();
  const email = account?.email ?? '';
  const query = useQuery({ ...donationQueries.mine(email), enabled: Boolean(email) });

  return (
    <Stack gap="lg">
      <Title order={1} data-print="hide">
        My Donation
      </Title>
      {query.isPending && <DonationGridSkeleton count={3} />}
      {query.isError && <QueryError title="Your donations could not be loaded" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.length === 0 && (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" ta="center" gap="sm">
            <Title order={2} size="h3">
              You have not donated yet
            </Title>
            <Text c="dimmed">Choose an event and press 'Donate Money' to support it.</Text>
            <ButtonLink to="/events">Browse events</ButtonLink>
          </Stack>
        </Paper>
      )}
      {query.isSuccess && query.data.length > 0 && (
        <>
          <Text size="lg" fw={600} data-print="hide">
            {donationTotal(query.data, site?.currency ?? 'usd')}
          </Text>
          <YearlyStatement donations={query.data} donor={email} />
          <div data-print="hide">
            <DonationGrid donations={query.data} />
          </div>
        </>
      )}
    </Stack>
  );
}
