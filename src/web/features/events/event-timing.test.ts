import { describe, expect, it } from 'vitest';
import { isPastEventDate } from './event-timing.ts';

describe('isPastEventDate', () => {
  const today = new Date(2026, 10, 21, 18, 0);
  it('counts only days before today as past', () => {
    expect(isPastEventDate('2026-11-20', today)).toBe(true);
    expect(isPastEventDate('2026-11-21T09:00', today)).toBe(false);
    expect(isPastEventDate('2026-11-22', today)).toBe(false);
    expect(isPastEventDate('not a date', today)).toBe(false);
  });
});
