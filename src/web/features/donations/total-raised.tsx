import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Donation } from '../../../shared/donations.ts';
import { parseAmounts, totalAmountsHeader } from '../../../shared/http.ts';
import { formatAmount } from '../../../shared/money.ts';
import type { ListPage } from '../../components/admin-list/list-query.ts';
import { useSite } from '../../lib/site.ts';

/**
 * The money raised by the donations the list counts, from the same answer as its rows
 * (X-Total-Amounts, in cents per currency, refunds left out): all donations, or with a search only the matching ones, and the
 * words say which. Announced when a search changes it.
 */
export function TotalRaised({ page }: { page: ListPage<Donation> }) {
  const site = useSite();
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const header = page.headers.get(totalAmountsHeader);
  if (header === null) return null;
  const sums = parseAmounts(header);
  // Each currency on its own: dollars are never added to euros.
  const amount = sums.length
    ? sums.map((sum) => formatAmount(sum.cents, sum.currency, language)).join(t('donations.and'))
    : formatAmount(0, site?.currency ?? 'usd', language);
  return (
    <Text role="status" size="lg" fw={700} style={{ overflowWrap: 'anywhere' }}>
      {page.q ? t('donations.totalRaisedMatching', { q: page.q, amount }) : t('donations.totalRaised', { amount })}
    </Text>
  );
}
