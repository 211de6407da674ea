/**
 * Events happen at a wall-clock time where the charity is: the site's time zone (its settings). These
 * turn the server's clock into that wall clock, and a wall-clock time back into an instant, with the
 * runtime's time-zone data (Intl) only. Without zod or the DOM: the web app and the server both use them.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall clock in `timeZone` at `at`: 'YYYY-MM-DDTHH:MM:SS'. */
export function wallClockAt(timeZone: string, at: Date = new Date()): string {
  const parts = formatterFor(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
}

/** Today's date in `timeZone`: 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, at: Date = new Date()): string {
  return wallClockAt(timeZone, at).slice(0, 10);
}

function wallAsUtc(wall: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(wall);
  if (!m) throw new RangeError(`not a wall-clock time: ${wall}`);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(timeZone: string, at: number): number {
  return wallAsUtc(wallClockAt(timeZone, new Date(at))) - at;
}

/**
 * The instant at which the wall clock in `timeZone` shows `wall` ('YYYY-MM-DD', 'YYYY-MM-DDTHH:MM' or
 * with seconds). In a daylight-saving gap the time is read with the offset before the change (02:30 on
 * a spring-forward night is 03:30); a time that happens twice is its first.
 */
export function instantOf(wall: string, timeZone: string): Date {
  const target = wallAsUtc(wall);
  // The offsets a day either side: no zone changes its offset twice in two days.
  const before = offsetAt(timeZone, target - 86_400_000);
  const after = offsetAt(timeZone, target + 86_400_000);
  const shows = (at: number) => wallAsUtc(wallClockAt(timeZone, new Date(at))) === target;
  const candidates = [target - before, target - after].filter(shows).sort((a, b) => a - b);
  return new Date(candidates[0] ?? target - before);
}

let serverZone: string | undefined;

/**
 * The server's own time zone: the default for the site's until an admin sets one. Read once: it is
 * asked for each time the settings are read, and a process's zone does not change while it runs.
 */
export function serverTimeZone(): string {
  serverZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return serverZone;
}

/** A stored wall-clock time ('YYYY-MM-DD HH:MM:SS', or with a T) to the minute, as the API gives it: 'YYYY-MM-DDTHH:MM'. */
export const wallMinute = (value: string) => `${value.slice(0, 10)}T${value.slice(11, 16)}`;

/** The day after `day` ('YYYY-MM-DD'), on the calendar: '2026-12-31' → '2027-01-01'. */
export function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
