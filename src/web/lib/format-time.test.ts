import { describe, expect, it } from 'vitest';
import { formatInstantDateTime, formatInstantTime } from './format-time.ts';

describe('formatInstantTime', () => {
  it('shows an instant as a 12-hour time of day, and anything unreadable as given', () => {
    expect(formatInstantTime('2026-11-21T14:05:00.000Z', 'UTC')).toBe('2:05 pm');
    expect(formatInstantTime('2026-11-21T00:30:00.000Z', 'UTC')).toBe('12:30 am');
    expect(formatInstantTime('2026-11-21T14:05:00.000Z', 'Asia/Kolkata')).toBe('7:35 pm');
    expect(formatInstantTime('not a date')).toBe('not a date');
  });
});

describe('formatInstantDateTime', () => {
  it("shows an instant as a day and a 12-hour time in the reader's time zone", () => {
    expect(formatInstantDateTime('2026-11-21T14:05:00.000Z', 'UTC')).toBe('21 November 2026, 2:05 pm');
    expect(formatInstantDateTime('2026-11-21T00:30:00.000Z', 'UTC')).toBe('21 November 2026, 12:30 am');
    // The same instant is already the next day in Kolkata.
    expect(formatInstantDateTime('2026-11-21T20:00:00.000Z', 'Asia/Kolkata')).toBe('22 November 2026, 1:30 am');
  });

  it('shows anything that is not an instant as given', () => {
    expect(formatInstantDateTime('not a date')).toBe('not a date');
  });
});
