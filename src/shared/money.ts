/**
 * Money, without zod: the web's list pages use it and need none of the schemas (importing it from
 * donations.ts made My Donation download zod, about 25 kB gzipped).
 *
 * Every amount the product stores, sends and charges is a whole number of the currency's minor unit, as
 * Stripe takes it: cents for USD, EUR or BDT (poisha), whole yen for JPY, which has none. How many
 * digits a currency's minor unit has (its exponent) comes from Intl, so ¥30 is 30 and $30 is 3000.
 */

const exponents = new Map<string, number>();

/** How many decimal digits the currency's minor unit has: 2 for USD and BDT, 0 for JPY and KRW, 3 for KWD. */
export function currencyExponent(currency: string): number {
  const code = currency.toUpperCase();
  let digits = exponents.get(code);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(code, digits);
  }
  return digits;
}

/** How many minor units make one of the currency: 100 for USD, 1 for JPY. */
export const minorPerMajor = (currency: string) => 10 ** currencyExponent(currency);

/** The language's locale for numbers: Bengali with Bengali digits, English as en-US writes it. */
export const numberLocale = (language = 'en') => (language === 'bn' ? 'bn-BD' : 'en-US');

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(language: string, currency: string, minimumFractionDigits?: number): Intl.NumberFormat {
  const key = `${language} ${currency} ${minimumFractionDigits ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(numberLocale(language), {
      style: 'currency',
      currency,
      ...(minimumFractionDigits !== undefined && { minimumFractionDigits }),
    });
    formatters.set(key, found);
  }
  return found;
}

export interface MoneyOptions {
  /** The reader's language ('en' or 'bn'); English by default. */
  language?: string;
  /** Leaves the minor digits off a whole amount: '$1,200' for a goal, '$30' on the donation form. */
  whole?: boolean;
}

/** An amount in the currency's minor units, written for the reader: 3000 USD → '$30.00', 3000 JPY → '¥3,000'. */
export function formatMoney(minor: number, currency: string, options: MoneyOptions = {}): string {
  const code = currency.toUpperCase();
  const perMajor = minorPerMajor(code);
  const minimum = options.whole && minor % perMajor === 0 ? 0 : undefined;
  return formatter(options.language ?? 'en', code, minimum).format(minor / perMajor);
}

/** The same, as most callers name it: `formatAmount(3000, 'usd')` → '$30.00'. */
export function formatAmount(minor: number, currency: string, language = 'en'): string {
  return formatMoney(minor, currency, { language });
}

/** An amount as an admin or donor types it, without symbol or grouping: 3000 USD → '30', 1250 → '12.50', 3000 JPY → '3000'. */
export function moneyInput(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const perMajor = 10 ** exponent;
  return minor % perMajor === 0 ? String(minor / perMajor) : (minor / perMajor).toFixed(exponent);
}

/** An amount with all its minor digits, as a spreadsheet takes it: 3000 USD → '30.00', 3000 JPY → '3000'. */
export const moneyDecimal = (minor: number, currency: string) => (minor / minorPerMajor(currency)).toFixed(currencyExponent(currency));

/** Several amounts as the settings page writes them: '15, 30, 100'. */
export const amountsText = (amounts: number[], currency: string) => amounts.map((amount) => moneyInput(amount, currency)).join(', ');

/**
 * Money as typed ('25', '12.50', '1,000', '$30', '৩০') in the currency's minor units, or null when it is not
 * an amount of that currency (more decimals than it has, or not a number). Bengali digits are read as digits.
 */
export function parseMoney(typed: string, currency: string): number | null {
  const text = typed
    .trim()
    .replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6))
    .replace(/^[^\d.-]+/, '')
    .replace(/[^\d.]+$/, '')
    .replace(/,/g, '');
  const exponent = currencyExponent(currency);
  const pattern = exponent === 0 ? /^\d{1,12}$/ : new RegExp(`^\\d{1,12}(\\.\\d{1,${exponent}})?$`);
  if (!pattern.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
}

/** What an amount must look like in the currency, for a message: '25 or 12.50', or '2500' for JPY. */
export const moneyExample = (currency: string) =>
  currencyExponent(currency) === 0 ? '2500' : `25 or 12.${'5'.padEnd(currencyExponent(currency), '0')}`;
