/**
 * Numbers for the reader's language, through Intl (Bengali digits in Bengali): the one place the product
 * writes numbers, with money (money.ts) beside it. Formatters are made once per language and kind.
 */
import { formatEventDate, parseEventDate } from './event-date.ts';
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

const dates = new Map<string, Intl.DateTimeFormat>();

function dateFormat(language: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language} ${withTime}`;
  let format = dates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      // A 24-hour clock: ICU writes 'PM' in Bengali.
      ...(withTime && { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' as const }),
      timeZone: 'UTC',
    });
    dates.set(key, format);
  }
  return format;
}

/**
 * An event's wall-clock date ('2026-12-05' or '2026-12-05T14:30') for the reader: English as the spec
 * writes it ('Saturday 5 December 2026, 2:30 pm', by hand: it never changes with ICU), Bengali through
 * Intl, with Bengali digits and month names ('শনিবার, ৫ ডিসেম্বর, ২০২৬').
 */
export function formatWallDate(value: string, language = 'en'): string {
  if (language === 'en') return formatEventDate(value);
  const parts = parseEventDate(value);
  if (!parts) return value;
  const at = new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.time?.hour ?? 0, parts.time?.minute ?? 0));
  return dateFormat(language, Boolean(parts.time)).format(at);
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant on the charity's clock (its time zone, as its accounts are kept), to the minute, on a
 * 24-hour clock: '5 December 2026, 20:32', with the zone's short name after it unless `zoneName` is
 * false; in Bengali with Bengali digits and month names.
 */
export function clockTime(instant: Date, timeZone: string, language = 'en', zoneName = true): string {
  const key = `${language} ${timeZone} ${zoneName}`;
  let clock = clocks.get(key);
  if (!clock) {
    clock = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
      ...(zoneName && { timeZoneName: 'short' as const }),
    });
    clocks.set(key, clock);
  }
  return clock.format(instant).replace(' at ', ', ');
}

/** An instant on a receipt, with the zone said: '5 December 2026, 20:32 GMT+6'; '…, 14:32 UTC' for a charity on UTC. */
export const receiptTime = (instant: Date, timeZone: string, language = 'en') => clockTime(instant, timeZone, language);

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The time of a wall-clock 'YYYY-MM-DDTHH:MM' in the language's way ('8:00 am'; Bengali on a 24-hour clock, as dates are). */
export function formatWallTime(value: string, language = 'en'): string {
  let clock = wallClocks.get(language);
  if (!clock) {
    clock = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: language === 'en' ? 'h12' : 'h23',
      timeZone: 'UTC',
    });
    wallClocks.set(language, clock);
  }
  const at = Date.parse(`${value.slice(0, 16)}:00Z`);
  return Number.isNaN(at) ? value : clock.format(at);
}

/**
 * A shift's start and end (wall clock, 'YYYY-MM-DDTHH:MM'): its day and start, and its end's time, or its
 * end's day too when it ends on another day. 'Saturday 5 December 2026, 8:00 am – 10:00 am'.
 */
export function formatShiftTimes(startsAt: string, endsAt: string, language = 'en'): string {
  const end = startsAt.slice(0, 10) === endsAt.slice(0, 10) ? formatWallTime(endsAt, language) : formatWallDate(endsAt, language);
  return `${formatWallDate(startsAt, language)} – ${end}`;
}
