// Apart from format-date.ts, which the home page loads: only the notices need a time of day.

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

function timeFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let found = timeFormatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: '2-digit', hourCycle: 'h12', timeZone });
    timeFormatters.set(key, found);
  }
  return found;
}

/**
 * An instant as the reader's local time of day: '2:30 pm' (spec section 3: a notice shows its time).
 * `timeZone` is for tests; the page uses the reader's own.
 */
export function formatInstantTime(value: string, timeZone?: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  const formatted = timeFormatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => formatted.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
}
