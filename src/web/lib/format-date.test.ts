import { describe, expect, it } from 'vitest';
import { formatEventDate, formatInstantDay, parseEventDate } from './format-date.ts';

describe('formatEventDate', () => {
  it('shows a day as weekday, day, month and year', () => {
    expect(formatEventDate('2026-12-05')).toBe('Saturday 5 December 2026');
  });

  it('adds a 12-hour time when the event has one', () => {
    expect(formatEventDate('2026-12-05T14:30')).toBe('Saturday 5 December 2026, 2:30 pm');
    expect(formatEventDate('2026-12-05T00:05')).toBe('Saturday 5 December 2026, 12:05 am');
    expect(formatEventDate('2026-12-05T12:00')).toBe('Saturday 5 December 2026, 12:00 pm');
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
  });
});
