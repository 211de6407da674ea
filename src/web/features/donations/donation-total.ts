import type { Donation } from '../../../shared/donations.ts';
import { formatAmount } from '../../../shared/money.ts';

/** What My Donation's total says: how many donations count, how many were refunded, and each currency's sum. */
export interface DonationSums {
  kept: number;
  refunded: number;
  /** Each currency's sum, written for the language; nought in the site's currency when none counts. */
  amounts: string[];
}

/**
 * The donations added up: each currency on its own, refunded donations left out (and counted apart);
 * none given is nought in the site's currency. Amounts in the reader's language (English by default).
 */
export function donationSums(donations: Donation[], siteCurrency: string, language = 'en'): DonationSums {
  const cents = new Map<string, number>();
  const kept = donations.filter((donation) => !donation.refundedAt);
  for (const donation of kept) {
    const currency = donation.currency.toLowerCase();
    cents.set(currency, (cents.get(currency) ?? 0) + donation.amount);
  }
  const amounts = [...cents].map(([currency, amount]) => formatAmount(amount, currency, language));
  return {
    kept: kept.length,
    refunded: donations.length - kept.length,
    amounts: amounts.length ? amounts : [formatAmount(0, siteCurrency, language)],
  };
}
