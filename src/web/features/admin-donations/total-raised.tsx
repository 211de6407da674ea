import { Text } from '@mantine/core';
import type { Donation } from '../../../shared/donations.ts';
import { formatAmount } from '../../../shared/money.ts';
import { totalAmountHeader } from '../../../shared/http.ts';
import type { ListPage } from '../admin/api.ts';

/**
 * The money raised by the donations the list counts, from the same answer as its rows
 * (X-Total-Amount, in cents): all donations, or with a search only the matching ones, and the
 * words say which. Announced when a search changes it.
 */
export function TotalRaised({ page }: { page: ListPage<Donation> }) {
  const header = page.headers.get(totalAmountHeader);
  const cents = Number(header);
  if (header === null || !Number.isInteger(cents)) return null;
  const amount = formatAmount(cents);
  return (
    <Text role="status" size="lg" fw={700} style={{ overflowWrap: 'anywhere' }}>
      {page.q ? `Total raised by donations matching ‘${page.q}’: ${amount}` : `Total raised: ${amount}`}
    </Text>
  );
}
