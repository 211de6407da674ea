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

  it('writes a timed event as UTC instants from the site time zone, a day-only one as all-day, with CRLF line ends', () => {
    const common = {
      uid: 'registration-1@example.org',
      summary: 'Run',
      description: 'Bring water',
      url: 'https://example.org/e/1',
      timeZone: 'America/New_York',
    };
    const stamp = new Date(Date.UTC(2026, 10, 24, 8, 5, 9));
    const site = { siteName: 'Riverside, Friends', stamp };
    const timed = calendarFile({ ...common, date: '2026-12-05T14:30', location: 'Hall; 2, Main St', sequence: 7 }, site);
    expect(timed).not.toMatch(/[^\r]\n/);
    expect(timed).toContain('PRODID:-//Riverside\\, Friends//Events//EN\r\n');
    expect(readCalendar(timed).event).toEqual({
      UID: 'registration-1@example.org',
      DTSTAMP: '20261124T080509Z',
      // 14:30 in New York in December is 19:30 UTC; without an end, an hour.
      DTSTART: '20261205T193000Z',
      DTEND: '20261205T203000Z',
      SEQUENCE: '7',
      SUMMARY: 'Run',
      DESCRIPTION: 'Bring water',
      LOCATION: 'Hall\\; 2\\, Main St',
      URL: 'https://example.org/e/1',
    });
    const ended = readCalendar(calendarFile({ ...common, date: '2026-07-05T09:00', end: '2026-07-05 17:15:00' }, site)).event;
    expect([ended.DTSTART, ended.DTEND]).toEqual(['20260705T130000Z', '20260705T211500Z']);
    const allDay = readCalendar(calendarFile({ ...common, date: '2026-12-31' }, site)).event;
    expect([allDay['DTSTART;VALUE=DATE'], allDay['DTEND;VALUE=DATE']]).toEqual(['20261231', '20270101']);
    expect(() => calendarFile({ ...common, date: 'soon' }, site)).toThrow(/not an event date/);
  });

  it('holds several events, or none, in one calendar', () => {
    const entry = { summary: 'Run', description: '', url: 'https://example.org/e/1', timeZone: 'UTC', date: '2026-12-05' };
    const two = calendarFile(
      [
        { ...entry, uid: 'a@x' },
        { ...entry, uid: 'b@x', status: 'TENTATIVE' },
      ],
      { siteName: 'S', calendarName: 'Mine' },
    );
    expect(two.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(two).toContain('X-WR-CALNAME:Mine\r\n');
    expect(two).toContain('STATUS:TENTATIVE\r\n');
    expect(calendarFile([], { siteName: 'S' })).not.toContain('VEVENT');
  });
});
