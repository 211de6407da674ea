import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingBlocks } from '../components/loading-placeholders.tsx';
import { QueryError } from '../components/query-error.tsx';
import { impactQueries } from '../features/impact/api.ts';
import { AttendedEvents } from '../features/impact/attended-events.tsx';
import { DonationsByYear } from '../features/impact/donations-by-year.tsx';
import { ImpactSummary } from '../features/impact/impact-summary.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/**
 * /dashboard/impact (every signed-in account): the events the person was checked in at and the hours
 * they gave, this year and in all, what they donated year by year, their certificate of volunteering
 * and the way to their donation statement.
 */
export function DashboardImpactPage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('impact.title'));
  const { account } = useCurrentAccount();
  const email = account?.email ?? '';
  const query = useQuery({ ...impactQueries.of(email), enabled: Boolean(email) });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('impact.title')}</Title>
        <Text c="dimmed">{t('impact.intro')}</Text>
      </Stack>
      {query.isPending && <LoadingBlocks label={t('impact.loading')} blocks={[{ height: 88 }, { height: 180 }, { height: 140 }]} />}
      {query.isError && <QueryError title={t('impact.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <>
          <ImpactSummary impact={query.data} />
          <AttendedEvents impact={query.data} />
          <DonationsByYear impact={query.data} />
        </>
      )}
    </Stack>
  );
}
