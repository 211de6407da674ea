import { describe, expect, it } from 'vitest';
import { instantOf, todayIn, wallClockAt } from './time-zone.ts';

describe('the site time zone', () => {
  it('reads the wall clock in a zone', () => {
    const at = new Date('2026-07-01T23:30:00Z');
    expect(wallClockAt('UTC', at)).toBe('2026-07-01T23:30:00');
    expect(wallClockAt('Europe/London', at)).toBe('2026-07-02T00:30:00');
    expect(todayIn('America/New_York', at)).toBe('2026-07-01');
    expect(todayIn('Asia/Tokyo', at)).toBe('2026-07-02');
  });

  it('turns a wall-clock time into the instant, across daylight saving', () => {
    expect(instantOf('2026-12-05T14:30', 'Europe/London').toISOString()).toBe('2026-12-05T14:30:00.000Z');
    expect(instantOf('2026-07-05T14:30', 'Europe/London').toISOString()).toBe('2026-07-05T13:30:00.000Z');
    expect(instantOf('2026-07-05T14:30:15', 'America/Los_Angeles').toISOString()).toBe('2026-07-05T21:30:15.000Z');
    expect(instantOf('2026-12-05', 'Asia/Kolkata').toISOString()).toBe('2026-12-04T18:30:00.000Z');
    // Spring forward in London: 01:30 does not exist on 29 March 2026; it is read as 02:30 summer time.
    expect(instantOf('2026-03-29T01:30', 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // Spring forward in New York: 02:30 does not exist on 8 March 2026; it is read as 03:30 daylight time.
    expect(instantOf('2026-03-08T02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(instantOf('2026-11-01T01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(instantOf('2026-03-29T02:30', 'Australia/Sydney').toISOString()).toBe('2026-03-28T15:30:00.000Z');
    // Fall back: 01:30 happens twice on 25 October 2026; the first (summer time) is meant.
    expect(instantOf('2026-10-25T01:30', 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});
