import { describe, expect, it } from 'vitest';
import { formatEventEnd, mapUrl, spotsText } from './event-facts-text.ts';

describe('an event’s facts in words', () => {
  it('gives only the time of an end on the day the event starts, else its day too', () => {
    expect(formatEventEnd('2026-12-05T09:00', '2026-12-05T17:00')).toBe('5:00 pm');
    expect(formatEventEnd('2026-12-05', '2026-12-05T12:30')).toBe('12:30 pm');
    expect(formatEventEnd('2026-12-05T09:00', '2026-12-06T10:15')).toBe('Sunday 6 December 2026, 10:15 am');
  });

  it('links a place to OpenStreetMap’s search, the words encoded', () => {
    expect(mapUrl('St Anne’s Hall, Market Street & Co')).toBe(
      'https://www.openstreetmap.org/search?query=St%20Anne%E2%80%99s%20Hall%2C%20Market%20Street%20%26%20Co',
    );
  });

  it('counts the places left, says when the event is full, and says nothing without a limit or once it is over', () => {
    expect(spotsText({ spotsLeft: 3, past: false })).toBe('3 spots left');
    expect(spotsText({ spotsLeft: 1, past: false })).toBe('1 spot left');
    expect(spotsText({ spotsLeft: 0, past: false })).toBe('Full: join the waitlist');
    expect(spotsText({ spotsLeft: null, past: false })).toBeNull();
    expect(spotsText({ spotsLeft: 0, past: true })).toBeNull();
  });
});
