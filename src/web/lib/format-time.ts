// Apart from format-date.ts, which the home page loads: only the notices and the donations list
// need a time of day.
import { formatInstantDay } from './format-date.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone (`undefined`: the reader's own), made once. */
function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
      timeZone,
    });
    formatters.set(key, found);
  }
  return found;
}

/**
 * An instant's parts in `timeZone`, or null when it is not an instant. The wording is assembled
 * from parts so it does not change with the browser's ICU version.
 */
function partsOf(value: string, timeZone: string | undefined) {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const parts = formatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    time: `${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`,
    day: `${part('day')} ${part('month')} ${part('year')}`,
  };
}

/**
 * An instant as the reader's local time of day: '2:30 pm' (spec section 3: a notice shows its time).
 * `timeZone` is for tests; the page uses the reader's own. Anything else is shown as given.
 */
export function formatInstantTime(value: string, timeZone?: string): string {
  return partsOf(value, timeZone)?.time ?? value;
}

/** An instant as the reader's local day and time: '21 November 2026, 2:05 pm' (when a donation was recorded). */
export function formatInstantDateTime(value: string, timeZone?: string): string {
  const parts = partsOf(value, timeZone);
  return parts ? `${parts.day}, ${parts.time}` : value;
}

const intlFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the reader's local day ('day'), time of day ('time') or both ('dayTime'), in `language`:
 * English as formatInstantDay, formatInstantTime and formatInstantDateTime write it; another language
 * through Intl, in its own digits and month names, on a 24-hour clock (ICU writes 'PM' in Bengali).
 */
export function formatInstantIn(value: string, language: string, show: 'day' | 'time' | 'dayTime' = 'dayTime', timeZone?: string): string {
  if (language === 'en') {
    if (show === 'day') return formatInstantDay(value);
    return show === 'time' ? formatInstantTime(value, timeZone) : formatInstantDateTime(value, timeZone);
  }
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  const key = `${language} ${show} ${timeZone ?? ''}`;
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : language, {
      ...(show !== 'time' && { day: 'numeric', month: 'long', year: 'numeric' }),
      ...(show !== 'day' && { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' as const }),
      timeZone,
    });
    intlFormats.set(key, format);
  }
  return format.format(instant);
}
