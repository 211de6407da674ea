import type { Donation } from '../../../shared/donations.ts';
import { formatAmount } from '../../../shared/money.ts';
import { counted } from '../../lib/counted.ts';

/** 'Total donated: $60.00 in 2 donations'; each currency added up on its own. */
export function donationTotal(donations: Donation[]): string {
  const cents = new Map<string, number>();
  for (const donation of donations) {
    const currency = donation.currency.toLowerCase();
    cents.set(currency, (cents.get(currency) ?? 0) + donation.amount);
  }
  const sums = [...cents].map(([currency, amount]) => formatAmount(amount, currency)).join(' and ');
  return `Total donated: ${sums} in ${counted(donations.length, 'donation')}`;
}
