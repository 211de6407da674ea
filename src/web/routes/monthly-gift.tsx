import { Alert, Container, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../components/button.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { QueryError } from '../components/query-error.tsx';
import { giftAddress, subscriptionQueries } from '../features/subscriptions/api.ts';
import { MonthlyGiftCard } from '../features/subscriptions/monthly-gift-card.tsx';
import { isApiError } from '../lib/api-error.ts';
import { useCurrentAccount } from '../lib/current-account.ts';
import type { PageData } from '../lib/page-data.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const tokenOf = (searchParams: URLSearchParams) => searchParams.get('token') ?? '';

/** The gift the link names, read without signing in (nothing changes until the donor says so). */
export const pageData: PageData = async ({ queryClient, url }) => {
  const token = tokenOf(url.searchParams);
  if (token) await queryClient.prefetchQuery(subscriptionQueries.link(token));
};

/**
 * The server's answer for a link that names no gift (404: altered or made up), whose 30 days are over (403)
 * or whose token is malformed (400): trying again would answer the same.
 */
const isDeadLink = (error: Error | null) => isApiError(error) && (error.status === 400 || error.status === 404 || error.status === 403);

/**
 * /monthly-gift?token=…: where 'Manage your monthly gift' in every message about a monthly gift leads.
 * The token is the permission: the donor changes the amount, pauses, resumes or cancels without signing
 * in. A link that does not work says why, in the server's words, and the way to My Donation instead.
 */
export function MonthlyGiftPage() {
  const { t } = useTranslation('monthly');
  usePageTitle(t('page.title'));
  const [params] = useSearchParams();
  const token = tokenOf(params);
  const gift = useQuery({ ...subscriptionQueries.link(token), enabled: token !== '' });
  const { account } = useCurrentAccount();

  if (!token || isDeadLink(gift.error)) {
    return (
      <Container size="sm" py={64}>
        <Stack gap="md">
          <Title order={1}>{t('page.broken')}</Title>
          <Alert color="red" variant="light">
            {token ? gift.error?.message : t('page.noToken')}
          </Alert>
          <div>
            <ButtonLink to="/dashboard/donation" variant="light">
              {account ? t('page.myDonation') : t('page.signIn')}
            </ButtonLink>
          </div>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="sm" py={64}>
      <Stack gap="md">
        <Title order={1}>{t('page.title')}</Title>
        {gift.isPending && <PageLoader label={t('page.reading')} />}
        {gift.isError && <QueryError title={t('page.loadFailed')} error={gift.error} onRetry={() => void gift.refetch()} />}
        {gift.isSuccess && <MonthlyGiftCard gift={gift.data} address={giftAddress.link(token)} titleOrder={2} />}
      </Stack>
    </Container>
  );
}
