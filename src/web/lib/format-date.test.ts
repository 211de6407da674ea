import { describe, expect, it } from 'vitest';
import { formatEventDate, parseEventDate } from '../../shared/event-date.ts';
import { formatInstantDay } from './format-date.ts';

describe('formatEventDate', () => {
  it('shows a day as weekday, day, month and year', () => {
    expect(formatEventDate('2026-12-05')).toBe('Saturday 5 December 2026');
  });

  it('adds a 12-hour time when the event has one', () => {
    expect(formatEventDate('2026-12-05T14:30')).toBe('Saturday 5 December 2026, 2:30 pm');
    expect(formatEventDate('2026-12-05T00:05')).toBe('Saturday 5 December 2026, 12:05 am');
    expect(formatEventDate('2026-12-05T12:00')).toBe('Saturday 5 December 2026, 12:00 pm');
  });

  it('words every day and minute as British English does (the ICU formatter agrees, across two years)', () => {
    const icu = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
      timeZone: 'UTC',
    });
    for (let day = Date.UTC(2027, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000 + 7 * 60_000) {
      const date = new Date(day);
      const value = date.toISOString().slice(0, 16);
      const part = (type: string) => icu.formatToParts(date).find((p) => p.type === type)?.value ?? '';
      const expected = `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
      expect(formatEventDate(value)).toBe(expected);
    }
  });

  it('shows a value that is not a real date as given', () => {
    expect(formatEventDate('2026-02-31')).toBe('2026-02-31');
    expect(formatEventDate('next spring')).toBe('next spring');
  });
});

describe('parseEventDate', () => {
  it('reads the parts without going through a time zone', () => {
    expect(parseEventDate('2026-01-01')).toEqual({ year: 2026, month: 1, day: 1 });
    expect(parseEventDate('2026-01-01T09:15')).toEqual({ year: 2026, month: 1, day: 1, time: { hour: 9, minute: 15 } });
  });
});

describe('formatInstantDay', () => {
  it('shows an instant as its day, and anything unreadable as given', () => {
    expect(formatInstantDay('2026-11-21T12:00:00.000Z')).toBe('21 November 2026');
    expect(formatInstantDay('not a date')).toBe('not a date');
    const icuDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    for (let at = Date.UTC(2027, 0, 1); at < Date.UTC(2028, 0, 1); at += 86_400_000 + 37 * 60_000) {
      expect(formatInstantDay(new Date(at).toISOString())).toBe(icuDay.format(at));
    }
  });
});
