import { formatInstantDay } from '../../lib/format-date.ts';

const days = new Map<string, Intl.DateTimeFormat>();

/**
 * The day a donation was paid or refunded, as the reader's local day: '21 November 2026' in English
 * (as formatInstantDay writes it), '২১ নভেম্বর, ২০২৬' in Bengali.
 */
export function donationDay(value: string, language = 'en'): string {
  if (language === 'en') return formatInstantDay(value);
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  let format = days.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : language, { day: 'numeric', month: 'long', year: 'numeric' });
    days.set(language, format);
  }
  return format.format(instant);
}
