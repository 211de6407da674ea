import ICAL from 'ical.js';

/**
 * Reads an iCalendar file as a mail program would: unfolds its lines (RFC 5545 section 3.1) and
 * gives each property of its VEVENT by name, with its parameters as written (`DTSTART;VALUE=DATE`).
 */
export function readCalendar(file: string): { lines: string[]; event: Record<string, string> } {
  if (!file.endsWith('\r\n')) throw new Error('an iCalendar file ends its last line with CRLF');
  const lines = file
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .slice(0, -1);
  const begin = lines.indexOf('BEGIN:VEVENT');
  const end = lines.indexOf('END:VEVENT');
  if (begin < 0 || end < begin) throw new Error('no VEVENT');
  const event: Record<string, string> = {};
  for (const line of lines.slice(begin + 1, end)) {
    const colon = line.indexOf(':');
    event[line.slice(0, colon)] = line.slice(colon + 1);
  }
  return { lines, event };
}

/** One VEVENT as a calendar program reads it (ical.js): times as instants, or days for an all-day event. */
export interface ParsedEntry {
  uid: string;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  sequence: number | null;
  status: string | null;
  allDay: boolean;
  /** ISO instants for a timed event; `YYYY-MM-DD` for an all-day one. */
  start: string;
  end: string;
}

/** Reads a calendar file with ical.js, which throws on a file it cannot parse. */
export function parseCalendar(file: string): { prodId: string; name: string | null; entries: ParsedEntry[] } {
  const calendar = new ICAL.Component(ICAL.parse(file));
  const text = (component: InstanceType<typeof ICAL.Component>, name: string) => {
    const value = component.getFirstPropertyValue(name);
    return value === null || value === undefined ? null : String(value);
  };
  const when = (time: InstanceType<typeof ICAL.Time>) => (time.isDate ? time.toString() : time.toJSDate().toISOString());
  return {
    prodId: text(calendar, 'prodid') ?? '',
    name: text(calendar, 'x-wr-calname'),
    entries: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const entry = new ICAL.Event(vevent);
      const sequence = text(vevent, 'sequence');
      return {
        uid: entry.uid,
        summary: entry.summary,
        description: entry.description,
        location: entry.location ?? null,
        url: text(vevent, 'url'),
        sequence: sequence === null ? null : Number(sequence),
        status: text(vevent, 'status'),
        allDay: entry.startDate.isDate,
        start: when(entry.startDate),
        end: when(entry.endDate),
      };
    }),
  };
}
