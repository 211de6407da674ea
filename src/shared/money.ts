/**
 * Money for display, without zod: the web's list pages use it and need none of the schemas
 * (importing it from donations.ts made My Donation download zod, about 25 kB gzipped).
 */

/** Dollars from cents for display: 3000 → '$30.00'. */
export function formatAmount(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
