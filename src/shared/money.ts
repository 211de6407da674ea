/**
 * Money for display, without zod: the web's list pages use it and need none of the schemas
 * (importing it from donations.ts made My Donation download zod, about 25 kB gzipped).
 */

/**
 * How en-US writes the currencies charities most often take: symbol and minor digits. Written by hand
 * because a page's first Intl formatter costs a slow phone about 25 ms while it takes the page over; the
 * test holds every entry to what Intl writes. Any other currency goes through Intl.
 */
const WRITTEN: Record<string, readonly [symbol: string, digits: number]> = {
  USD: ['$', 2],
  EUR: ['€', 2],
  GBP: ['£', 2],
  CAD: ['CA$', 2],
  AUD: ['A$', 2],
  NZD: ['NZ$', 2],
  HKD: ['HK$', 2],
  MXN: ['MX$', 2],
  BRL: ['R$', 2],
  CNY: ['CN¥', 2],
  INR: ['₹', 2],
  ILS: ['₪', 2],
  PHP: ['₱', 2],
  JPY: ['¥', 0],
  KRW: ['₩', 0],
};

/** Currencies written by hand, for the test that compares them with Intl. */
export const handWrittenCurrencies = Object.keys(WRITTEN);

const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Cents as money, as `Intl.NumberFormat('en-US', { style: 'currency' })` writes them; `wholeWithoutCents`
 * leaves '.00' off a whole amount ('$1,200' for a goal).
 */
export function formatCents(cents: number, currency: string, wholeWithoutCents = false): string {
  const code = currency.toUpperCase();
  const written = WRITTEN[code];
  if (!written || !Number.isSafeInteger(cents)) {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      ...(wholeWithoutCents && { minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }),
    }).format(cents / 100);
  }
  const [symbol, digits] = written;
  const sign = cents < 0 ? '-' : '';
  const size = Math.abs(cents);
  const fraction = size % 100;
  // Intl's way: a goal shows cents only when it has some (then two digits, whatever the currency).
  const showCents = wholeWithoutCents ? fraction !== 0 : digits === 2;
  if (showCents) return `${sign}${symbol}${grouped(Math.floor(size / 100))}.${String(fraction).padStart(2, '0')}`;
  // A currency without minor units rounds half away from zero.
  return `${sign}${symbol}${grouped(Math.floor((size + 50) / 100))}`;
}

/** Dollars from cents for display: 3000 → '$30.00'. */
export function formatAmount(cents: number, currency = 'usd'): string {
  return formatCents(cents, currency);
}
