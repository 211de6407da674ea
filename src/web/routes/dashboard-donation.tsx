import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Donation } from '../../shared/donations.ts';
import { formatNumber } from '../../shared/format.ts';
import { ButtonLink } from '../components/button.tsx';
import { QueryError } from '../components/query-error.tsx';
import { donationQueries } from '../features/donations/api.ts';
import { DonationGrid, DonationGridSkeleton } from '../features/donations/donation-grid.tsx';
import { donationSums } from '../features/donations/donation-total.ts';
import { YearlyStatement } from '../features/donations/yearly-statement.tsx';
import { MonthlyGiftsSection } from '../features/subscriptions/monthly-gifts-section.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { useSite } from '../lib/site.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** 'Total donated: $60.00 in 2 donations (1 more refunded)', in the reader's language. */
function TotalDonated({ donations, siteCurrency }: { donations: Donation[]; siteCurrency: string }) {
  const { t, i18n } = useTranslation('donations');
  const language = i18n.language;
  const { kept, refunded, amounts } = donationSums(donations, siteCurrency, language);
  const total =
    kept === 0
      ? t('total.allRefunded', { count: refunded, n: formatNumber(refunded, language), amount: amounts[0] })
      : `${t('total.kept', { count: kept, n: formatNumber(kept, language), amounts: amounts.join(t('total.and')) })}${
          refunded ? t('total.moreRefunded', { n: formatNumber(refunded, language) }) : ''
        }`;
  return (
    <Text size="lg" fw={600} data-print="hide">
      {total}
    </Text>
  );
}

/**
 * /dashboard/donation: the signed-in person's monthly gifts, which they manage here, then their own
 * donations as cards, with what they add up to.
 */
export function DashboardDonationPage() {
  const { t } = useTranslation('donations');
  const site = useSite();
  usePageTitle(t('mine.title'));
  const { account } = useCurrentAccount();
  const email = account?.email ?? '';
  const query = useQuery({ ...donationQueries.mine(email), enabled: Boolean(email) });

  return (
    <Stack gap="lg">
      <Title order={1} data-print="hide">
        {t('mine.title')}
      </Title>
      <MonthlyGiftsSection />
      {query.isPending && <DonationGridSkeleton count={3} />}
      {query.isError && <QueryError title={t('mine.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.length === 0 && (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" ta="center" gap="sm">
            <Title order={2} size="h3">
              {t('mine.none')}
            </Title>
            <Text c="dimmed">{t('mine.noneText')}</Text>
            <ButtonLink to="/events">{t('mine.browse')}</ButtonLink>
          </Stack>
        </Paper>
      )}
      {query.isSuccess && query.data.length > 0 && (
        <>
          <TotalDonated donations={query.data} siteCurrency={site?.currency ?? 'usd'} />
          <YearlyStatement donations={query.data} donor={email} />
          <div data-print="hide">
            <DonationGrid donations={query.data} />
          </div>
        </>
      )}
    </Stack>
  );
}
