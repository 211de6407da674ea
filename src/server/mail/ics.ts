import { calendarSpan, utcStamp } from '../../shared/event-calendar.ts';

/**
 * iCalendar files (RFC 5545), written here rather than with a package: a few VEVENTs with a handful
 * of properties need only escaping, line folding and CRLF. One builder makes the registration
 * confirmation's attachment, an event's file (GET /api/events/{id}/calendar.ics) and a person's feed
 * (GET /api/calendar/{token}.ics).
 *
 * Times come from `calendarSpan` (src/shared/event-calendar.ts): a timed event starts and ends at UTC
 * instants, its wall-clock times read in the site's time zone; an event without a time is all-day
 * (`DTSTART;VALUE=DATE`); an event without an end gets the default length written there.
 */
export interface CalendarEvent {
  /** Stable across files and messages, so a calendar updates the entry instead of adding another. */
  uid: string;
  /** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, as the API gives an event's date. */
  date: string;
  /** The end's wall-clock date-time, or none. */
  end?: string | null;
  /** Where `date` and `end` are wall-clock times: the site's time zone. */
  timeZone: string;
  summary: string;
  description: string;
  location?: string | null;
  url: string;
  /** Grows with each change of the event, so calendars replace an older copy (section 3.8.7.4). */
  sequence?: number;
  /** A waitlisted place is TENTATIVE. */
  status?: 'CONFIRMED' | 'TENTATIVE';
}

export interface CalendarOptions {
  /** The organisation's name (its settings): the file's PRODID. */
  siteName: string;
  /** What a subscribed calendar is called (X-WR-CALNAME, read by Apple, Google and Outlook). */
  calendarName?: string;
  /** When the file was made (DTSTAMP). */
  stamp?: Date;
}

/** TEXT values: backslash, semicolon, comma and line breaks are escaped (section 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets are folded: CRLF and one space, never inside a UTF-8 character (section 3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // The first line holds 75 octets; each continuation holds 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * A SEQUENCE from the time of the event's last change: seconds since 2024, so it grows with every
 * edit and fits the 32-bit integer calendars read (until 2092).
 */
export function sequenceOf(updatedAt: Date): number {
  return Math.max(0, Math.floor((updatedAt.getTime() - Date.UTC(2024, 0, 1)) / 1000));
}

function eventLines(event: CalendarEvent, stamp: Date): string[] {
  const span = calendarSpan(event.date, event.end, event.timeZone);
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(stamp)}`,
    ...(span.allDay
      ? [`DTSTART;VALUE=DATE:${span.startDay}`, `DTEND;VALUE=DATE:${span.endDay}`]
      : [`DTSTART:${utcStamp(span.start)}`, `DTEND:${utcStamp(span.end)}`]),
    ...(event.sequence === undefined ? [] : [`SEQUENCE:${event.sequence}`]),
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `URL:${event.url}`,
    ...(event.status ? [`STATUS:${event.status}`] : []),
    'END:VEVENT',
  ];
}

/** A calendar of `events` (none is a valid, empty calendar), with CRLF line ends. */
export function calendarFile(events: CalendarEvent | CalendarEvent[], options: CalendarOptions): string {
  const stamp = options.stamp ?? new Date();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(options.siteName)}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(options.calendarName ? [`X-WR-CALNAME:${escapeText(options.calendarName)}`] : []),
    ...[events].flat().flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
