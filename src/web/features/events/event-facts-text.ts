import { formatEventDate, parseEventDate } from '../../../shared/event-date.ts';
import type { Event } from '../../../shared/events.ts';
import { formatWallDate } from '../../../shared/format.ts';

/** Where a place is on the map: OpenStreetMap's search, which needs no key and tracks nobody. */
export const mapUrl = (location: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(location)}`;

const times = new Map<string, Intl.DateTimeFormat>();

/** A wall-clock time of day in the language ('১৪:৩০', a 24-hour clock), through Intl, as formatWallDate writes it. */
function wallTime(value: string, language: string): string {
  const parts = parseEventDate(value);
  if (!parts?.time) return formatWallDate(value, language);
  let format = times.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
    times.set(language, format);
  }
  return format.format(new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.time.hour, parts.time.minute)));
}

/**
 * The end in words: only its time when it ends on the day it starts ('5:00 pm'), else its day too; in
 * the reader's language (English by default).
 */
export function formatEventEnd(date: string, end: string, language = 'en'): string {
  const sameDay = end.slice(0, 10) === date.slice(0, 10);
  if (language !== 'en') return sameDay ? wallTime(end, language) : formatWallDate(end, language);
  const words = formatEventDate(end);
  if (!sameDay) return words;
  return words.slice(words.lastIndexOf(', ') + 2);
}

/** How many places are left, in words: 'Full: join the waitlist' for none. */
export type SpotsWords = (spotsLeft: number) => string;

/** The events area's English (status.full, status.spotsLeft), for a caller without the reader's words. */
const englishSpots: SpotsWords = (left) => (left === 0 ? 'Full: join the waitlist' : `${left} ${left === 1 ? 'spot' : 'spots'} left`);

/**
 * 'N spots left', 'Full: join the waitlist', or nothing for an event without a limit: in the reader's
 * words when given them (EventStatus gives its events area's), else in English.
 */
export function spotsText(event: Pick<Event, 'spotsLeft' | 'past'>, words: SpotsWords = englishSpots): string | null {
  if (event.past || event.spotsLeft === null) return null;
  return words(event.spotsLeft);
}
