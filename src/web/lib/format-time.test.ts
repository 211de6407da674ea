import { describe, expect, it } from 'vitest';
import { formatInstantTime } from './format-time.ts';

describe('formatInstantTime', () => {
  it('shows an instant as a 12-hour time of day, and anything unreadable as given', () => {
    expect(formatInstantTime('2026-11-21T14:05:00.000Z', 'UTC')).toBe('2:05 pm');
    expect(formatInstantTime('2026-11-21T00:30:00.000Z', 'UTC')).toBe('12:30 am');
    expect(formatInstantTime('2026-11-21T14:05:00.000Z', 'Asia/Kolkata')).toBe('7:35 pm');
    expect(formatInstantTime('not a date')).toBe('not a date');
  });
});
