import { instantOf } from './time-zone.ts';

/**
 * When an event starts and ends as calendar programs want it: the calendar file (.ics) and the Google
 * Calendar link both read it from here, so the two never disagree. Without zod or the DOM: the web
 * app and the server both use it.
 *
 * An event's `date` is a day, or a day with a wall-clock time, where the charity is (the site's time
 * zone); its optional end is a wall-clock date-time there too. A timed event is given as two UTC
 * instants, so it shows at the right hour wherever the calendar is opened. An event without a time is
 * all-day: its end is the day after its last day (calendars count that day as not included).
 */
export type CalendarSpan =
  | { allDay: true /** YYYYMMDD */; startDay: string /** YYYYMMDD, exclusive */; endDay: string }
  | { allDay: false; start: Date; end: Date };

/**
 * Without an end, a timed event lasts an hour: what calendar programs give a new entry, and short
 * enough not to claim the rest of a volunteer's day. An all-day event without an end lasts its day.
 */
export const DEFAULT_EVENT_MINUTES = 60;

const wallPattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2})?)?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function dayAfter(year: number, month: number, day: number): string {
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return `${pad(next.getUTCFullYear(), 4)}${pad(next.getUTCMonth() + 1)}${pad(next.getUTCDate())}`;
}

/**
 * The span of an event from its `date` ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM') and optional `end`
 * (a wall-clock date-time, 'YYYY-MM-DDTHH:MM' or with a space and seconds as the database gives it),
 * both in `timeZone`. An end that is not after the start is ignored.
 */
export function calendarSpan(date: string, end: string | null | undefined, timeZone: string): CalendarSpan {
  const start = wallPattern.exec(date);
  if (!start) throw new RangeError(`not an event date: ${date}`);
  const [, y = '', m = '', d = '', hour] = start;
  const last = end ? wallPattern.exec(end) : null;
  if (hour === undefined) {
    const startDay = `${y}${m}${d}`;
    const endsOn = last ? `${last[1]}${last[2]}${last[3]}` : startDay;
    const lastDay = endsOn >= startDay ? endsOn : startDay;
    return {
      allDay: true,
      startDay,
      endDay: dayAfter(Number(lastDay.slice(0, 4)), Number(lastDay.slice(4, 6)), Number(lastDay.slice(6, 8))),
    };
  }
  const startAt = instantOf(date, timeZone);
  const endAt = last ? instantOf(end as string, timeZone) : null;
  return {
    allDay: false,
    start: startAt,
    end: endAt && endAt > startAt ? endAt : new Date(startAt.getTime() + DEFAULT_EVENT_MINUTES * 60_000),
  };
}

/** An instant as iCalendar and Google write UTC: 20261205T143000Z. */
export function utcStamp(at: Date): string {
  return `${pad(at.getUTCFullYear(), 4)}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;
}

/**
 * 'Add to Google Calendar': Google's event template address (the one its own 'Add to calendar' buttons
 * use) with the title, the span (UTC instants, or days for an all-day event), the details and the place.
 */
export function googleCalendarUrl(event: {
  title: string;
  date: string;
  end?: string | null;
  timeZone: string;
  details: string;
  location?: string | null;
}): string {
  const span = calendarSpan(event.date, event.end, event.timeZone);
  const dates = span.allDay ? `${span.startDay}/${span.endDay}` : `${utcStamp(span.start)}/${utcStamp(span.end)}`;
  const params = new URLSearchParams({ action: 'TEMPLATE', text: event.title, dates, details: event.details });
  if (event.location) params.set('location', event.location);
  return `https://calendar.google.com/calendar/render?${params}`;
}
