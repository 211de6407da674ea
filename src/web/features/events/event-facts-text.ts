import { formatEventDate } from '../../../shared/event-date.ts';
import type { Event } from '../../../shared/events.ts';

/** Where a place is on the map: OpenStreetMap's search, which needs no key and tracks nobody. */
export const mapUrl = (location: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(location)}`;

/**
 * The end in words: only its time when it ends on the day it starts ('5:00 pm'), else its day too.
 */
export function formatEventEnd(date: string, end: string): string {
  const words = formatEventDate(end);
  if (end.slice(0, 10) !== date.slice(0, 10)) return words;
  return words.slice(words.lastIndexOf(', ') + 2);
}

/** 'N spots left', 'Full: join the waitlist', or nothing for an event without a limit. */
export function spotsText(event: Pick<Event, 'spotsLeft' | 'past'>): string | null {
  if (event.past || event.spotsLeft === null) return null;
  if (event.spotsLeft === 0) return 'Full: join the waitlist';
  return `${event.spotsLeft} ${event.spotsLeft === 1 ? 'spot' : 'spots'} left`;
}
