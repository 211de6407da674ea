import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button.tsx';
import { LoadingPlaceholders } from '../components/loading-placeholders.tsx';
import { QueryError } from '../components/query-error.tsx';
import { reviewQueries } from '../features/reviews/api.ts';
import { ReviewGrid } from '../features/reviews/review-grid.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/myReview: the signed-in person's own reviews, newest first. */
export function DashboardMyReviewPage() {
  const { t } = useTranslation('reviews');
  usePageTitle(t('mine.title'));
  const { account } = useCurrentAccount();
  const email = account?.email ?? '';
  const query = useQuery({ ...reviewQueries.mine(email), enabled: Boolean(email) });

  return (
    <Stack gap="lg">
      <Title order={1}>{t('mine.title')}</Title>
      {query.isPending && (
        <LoadingPlaceholders label={t('mine.loading')} count={3}>
          <Skeleton height={160} radius="md" />
        </LoadingPlaceholders>
      )}
      {query.isError && <QueryError title={t('mine.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.length === 0 && (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" ta="center" gap="sm">
            <Title order={2} size="h3">
              {t('mine.none')}
            </Title>
            <Text c="dimmed">{t('mine.noneText')}</Text>
            <ButtonLink to="/dashboard/addReview">{t('mine.write')}</ButtonLink>
          </Stack>
        </Paper>
      )}
      {query.isSuccess && query.data.length > 0 && <ReviewGrid reviews={query.data} />}
    </Stack>
  );
}
