import { describe, expect, it } from 'vitest';
import { formatDonationDate } from './donation-date.ts';

describe('formatDonationDate', () => {
  it("shows when a donation was recorded as a day and a 12-hour time in the reader's time zone", () => {
    expect(formatDonationDate('2026-11-21T14:05:00.000Z', 'UTC')).toBe('21 November 2026, 2:05 pm');
    expect(formatDonationDate('2026-11-21T00:30:00.000Z', 'UTC')).toBe('21 November 2026, 12:30 am');
    // The same instant is already the next day in Kolkata.
    expect(formatDonationDate('2026-11-21T20:00:00.000Z', 'Asia/Kolkata')).toBe('22 November 2026, 1:30 am');
  });

  it('shows anything that is not an instant as given', () => {
    expect(formatDonationDate('not a date')).toBe('not a date');
  });
});
