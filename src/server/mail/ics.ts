import { parseEventDate } from '../../shared/event-date.ts';
import { SITE_NAME } from '../config.ts';

/**
 * A one-event iCalendar file (RFC 5545), written here rather than with a package: one VEVENT with a
 * handful of properties needs only escaping, line folding and CRLF.
 *
 * The product stores an event's day and, optionally, a wall-clock time, but no time zone. So an
 * event without a time is an all-day event (`DTSTART;VALUE=DATE`), and one with a time starts at a
 * floating local time (`DTSTART:20261205T143000`, no `Z`, no `TZID`): the calendar shows it at that
 * hour wherever it is opened, which is what the event page says too. No end is stored, so none is
 * given: an all-day event then lasts the day, a timed one is a moment (RFC 5545 section 3.6.1).
 */
export interface CalendarEvent {
  /** Stable across messages, so a calendar updates the entry instead of adding another. */
  uid: string;
  /** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, as the API gives an event's date. */
  date: string;
  summary: string;
  description: string;
  url: string;
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

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function utcStamp(date: Date): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

function start(date: string): string {
  const parts = parseEventDate(date);
  if (!parts) throw new Error(`not an event date: ${date}`);
  const day = `${pad(parts.year, 4)}${pad(parts.month)}${pad(parts.day)}`;
  return parts.time ? `DTSTART:${day}T${pad(parts.time.hour)}${pad(parts.time.minute)}00` : `DTSTART;VALUE=DATE:${day}`;
}

export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(SITE_NAME)}//Event registration//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp ?? new Date())}`,
    start(event.date),
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
