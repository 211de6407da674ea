import { parseEventDate } from '../../lib/format-date.ts';

/**
 * Whether an event's day is before `today` (the reader's local day). The server decides with its own
 * clock; this only spares the visitor a Register button that would be refused.
 */
export function isPastEventDate(value: string, today = new Date()): boolean {
  const parts = parseEventDate(value);
  if (!parts) return false;
  const eventDay = parts.year * 10_000 + parts.month * 100 + parts.day;
  const todayDay = today.getFullYear() * 10_000 + (today.getMonth() + 1) * 100 + today.getDate();
  return eventDay < todayDay;
}
