const words = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h12',
  // The wall time as stored, read in UTC: no server time zone shifts it.
  timeZone: 'UTC',
});

/**
 * An event's day (`2026-12-05`) and optional wall-clock time (`14:30` or `14:30:00`) in words, as the
 * pages write them: 'Saturday 5 December 2026', or 'Saturday 5 December 2026, 2:30 pm'.
 */
export function eventDateInWords(date: string, time?: string | null): string {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = (time ?? '').split(':').map(Number);
  const instant = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, time ? (hh ?? 0) : 0, time ? (mm ?? 0) : 0));
  if (Number.isNaN(instant.getTime())) return time ? `${date} ${time}` : date;
  const parts = words.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
  return time ? `${day}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}` : day;
}
