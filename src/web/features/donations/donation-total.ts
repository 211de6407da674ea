import type { Donation } from '../../../shared/donations.ts';
import { formatAmount } from '../../../shared/money.ts';
import { counted } from '../../lib/counted.ts';

/**
 * 'Total donated: $60.00 in 2 donations'; each currency added up on its own, refunded donations left
 * out (and counted after); none given is nought in the site's currency.
 */
export function donationTotal(donations: Donation[], siteCurrency: string): string {
  const cents = new Map<string, number>();
  const kept = donations.filter((donation) => !donation.refundedAt);
  const refunded = donations.length - kept.length;
  for (const donation of kept) {
    const currency = donation.currency.toLowerCase();
    cents.set(currency, (cents.get(currency) ?? 0) + donation.amount);
  }
  if (kept.length === 0) return `Total donated: ${formatAmount(0, siteCurrency)} (${counted(refunded, 'donation')} refunded)`;
  const sums = [...cents].map(([currency, amount]) => formatAmount(amount, currency)).join(' and ');
  return `Total donated: ${sums} in ${counted(kept.length, 'donation')}${refunded ? ` (${refunded} more refunded)` : ''}`;
}
