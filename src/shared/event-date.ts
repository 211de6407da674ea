/**
 * An event's day and wall-clock time in words, the same on the pages and in the messages about it.
 * Without zod or the DOM: the web app and the server both use it.
 */

export interface EventDateParts {
  year: number;
  month: number;
  day: number;
  time?: { hour: number; minute: number };
}

const eventDatePattern = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/**
 * Reads `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` as local wall time, by hand. Never `new Date('YYYY-MM-DD')`:
 * that is midnight UTC, which is the previous day west of Greenwich.
 */
export function parseEventDate(value: string): EventDateParts | null {
  const match = eventDatePattern.exec(value);
  if (!match) return null;
  const [, year = '', month = '', day = '', hour, minute] = match;
  const parts: EventDateParts = { year: Number(year), month: Number(month), day: Number(day) };
  if (hour !== undefined && minute !== undefined) parts.time = { hour: Number(hour), minute: Number(minute) };
  return parts;
}

/**
 * The wall time as a Date in UTC, formatted in UTC below: no local time zone takes part, so a
 * daylight-saving gap can never shift the hour shown.
 */
function toWallClockDate({ year, month, day, time }: EventDateParts): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day, time?.hour ?? 0, time?.minute ?? 0));
  // Date rolls 2026-02-31 over into March; treat such a value as not a date.
  const sameDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return sameDay ? date : null;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'Saturday 5 December 2026', or 'Saturday 5 December 2026, 2:30 pm' when the event has a time. */
export function formatEventDate(value: string): string {
  const parts = parseEventDate(value);
  const date = parts && toWallClockDate(parts);
  if (!parts || !date) return value;

  // Written out by hand (the product speaks British English only): the wording never changes with the
  // browser's ICU version, and a page needs no Intl formatter, whose first use costs a slow phone ~30 ms.
  const day = `${WEEKDAYS[date.getUTCDay()]} ${parts.day} ${MONTHS[parts.month - 1]} ${parts.year}`;
  if (!parts.time) return day;
  const { hour, minute } = parts.time;
  return `${day}, ${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}
