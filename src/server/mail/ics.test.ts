import { describe, expect, it } from 'vitest';
import { readCalendar } from '../test/calendar.ts';
import { calendarFile, escapeText, foldLine } from './ics.ts';

describe('the calendar file', () => {
  it('escapes text values', () => {
    expect(escapeText('a\\b; c, d\ne\r\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(2);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('writes a timed event at its floating local time and a day-only one as all-day, with CRLF line ends', () => {
    const common = { uid: 'registration-1@example.org', summary: 'Run', description: 'Bring water', url: 'https://example.org/e/1' };
    const stamp = new Date(Date.UTC(2026, 10, 24, 8, 5, 9));
    const timed = calendarFile({ ...common, date: '2026-12-05T14:30', stamp });
    expect(timed).not.toMatch(/[^\r]\n/);
    expect(readCalendar(timed).event).toEqual({
      UID: 'registration-1@example.org',
      DTSTAMP: '20261124T080509Z',
      DTSTART: '20261205T143000',
      SUMMARY: 'Run',
      DESCRIPTION: 'Bring water',
      URL: 'https://example.org/e/1',
    });
    expect(readCalendar(calendarFile({ ...common, date: '2026-12-05', stamp })).event['DTSTART;VALUE=DATE']).toBe('20261205');
    expect(() => calendarFile({ ...common, date: 'soon' })).toThrow(/not an event date/);
  });
});
