import { type SQL, sql } from 'drizzle-orm';
import { eventStartOf } from '../../../shared/events.ts';
import { wallClockAt, wallMinute } from '../../../shared/time-zone.ts';
import type { Database } from '../../db/client.ts';
import { event } from '../../db/schema.ts';
import { readSiteSettings } from '../site/settings.ts';

/**
 * When an event is over: at its end, or, without one, at the end of its day, on the wall clock of the
 * site's time zone (where the charity is), whatever the server's or the database's own zone.
 */

/** The wall clock now in the site's time zone: 'YYYY-MM-DDTHH:MM:SS'. */
export async function siteNow(db: Database): Promise<{ now: string; timeZone: string; currency: string }> {
  const { timeZone, currency } = await readSiteSettings(db);
  return { now: wallClockAt(timeZone), timeZone, currency };
}

/** The stored end ('YYYY-MM-DD HH:MM:SS' or with a T) as the API gives it: 'YYYY-MM-DDTHH:MM'. */
export const endOf = (endAt: string | null) => (endAt ? wallMinute(endAt) : null);

function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** Whether the event (its stored day and end) has ended at the wall clock `now`. */
export function isPast(row: { date: string; endAt: string | null }, now: string): boolean {
  const over = row.endAt ? `${row.endAt.slice(0, 10)}T${row.endAt.slice(11, 19)}` : `${nextDay(row.date)}T00:00:00`;
  return over <= now;
}

const ended = (now: string) => sql`coalesce(${event.endAt}, (${event.date} + 1)::timestamp) <= ${now}::timestamp`;

/**
 * The conditions of the list's halves, each a range of the date index: events from today on that have
 * not ended, events begun before today that end later (several days long, so few), and ended events,
 * which all began today or before.
 */
export function whenConditions(now: string) {
  const today = now.slice(0, 10);
  return {
    upcomingFromToday: sql`${event.date} >= ${today}::date and not (${ended(now)})` as SQL,
    // `end_at is not null` names the end index's own condition, so the planner sees it may use it.
    upcomingBegunEarlier: sql`${event.date} < ${today}::date and ${event.endAt} is not null and ${event.endAt} > ${now}::timestamp` as SQL,
    past: sql`${event.date} <= ${today}::date and ${ended(now)}` as SQL,
  };
}

/** Upcoming (not ended) or past, as one condition, for lists in another order. */
export function whenCondition(when: 'upcoming' | 'past', now: string): SQL {
  const halves = whenConditions(now);
  return when === 'past' ? halves.past : sql`((${halves.upcomingFromToday}) or (${halves.upcomingBegunEarlier}))`;
}

/**
 * An end as sent, on the site's wall clock to the minute: one with `Z` or an offset is the instant it
 * names, shown as the site's clock shows it then.
 */
export function endWallClock(end: string, timeZone: string): string {
  if (!/(?:Z|[+-]\d{2}:?\d{2})$/i.test(end)) return end.slice(0, 16);
  // Date reads only the standard form: 'Z' or '+HH:MM'.
  const standard = end.toUpperCase().replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  return wallClockAt(timeZone, new Date(standard)).slice(0, 16);
}

/** Whether an end (already on the site's clock) comes after the event's start. */
export const endsAfterStart = (end: string, date: string) => end > eventStartOf(date);
