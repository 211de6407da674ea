import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingPlaceholders } from '../../components/loading-placeholders.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { webConfig } from '../../lib/config.ts';
import { reviewQueries } from './api.ts';
import { ReviewGrid } from './review-grid.tsx';

/** What 'Client Reviews' shows: the newest six. */
export const clientReviewsQuery = reviewQueries.latest(webConfig.homeReviewCount);

/** The home page's 'Client Reviews' grid. */
export function ClientReviews() {
  const { t } = useTranslation('events');
  const query = useQuery(clientReviewsQuery);

  return (
    <Stack component="section" aria-labelledby="client-reviews-heading" gap="lg">
      <Title order={2} id="client-reviews-heading">
        {t('home.reviews')}
      </Title>
      {query.isPending && (
        <LoadingPlaceholders label={t('home.loadingReviews')} count={3}>
          <Skeleton height={160} radius="md" />
        </LoadingPlaceholders>
      )}
      {query.isError && <QueryError title={t('home.reviewsFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (query.data.length > 0 ? <ReviewGrid reviews={query.data} /> : <Text>{t('home.noReviews')}</Text>)}
    </Stack>
  );
}
