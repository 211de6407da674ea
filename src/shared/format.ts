/**
 * Numbers for the reader's language, through Intl (Bengali digits in Bengali): the one place the product
 * writes numbers, with money (money.ts) beside it. Formatters are made once per language and kind.
 */
import { numberLocale } from './money.ts';

const kept = new Map<string, Intl.NumberFormat>();

/** A number as the language writes it: 1234 → '1,234' in English, '১,২৩৪' in Bengali. */
export function formatNumber(value: number, language = 'en', options: Intl.NumberFormatOptions = {}): string {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = kept.get(key);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale(language), options);
    kept.set(key, format);
  }
  return format.format(value);
}

/** A year, without grouping: '2026', '২০২৬'. */
export const formatYear = (year: number, language = 'en') => formatNumber(year, language, { useGrouping: false });
