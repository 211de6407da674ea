import { z } from 'zod';

/**
 * Hours given at events: in quarter hours, at most a day per event. Kept apart from checkin.ts so that
 * events.ts (an event's own hours) and checkin.ts (a person's) share them without importing each other.
 */

/** Hours are given in quarter hours, at most a day. */
export const hoursSchema = z
  .number({ message: 'Hours must be a number' })
  .min(0, 'Hours cannot be negative')
  .max(24, 'Hours must be at most 24')
  .refine((h) => Number.isInteger(h * 4), 'Hours go in quarter hours (e.g. 1.25, 2.5)');

/** Hours as the database keeps them (whole minutes) and back. */
export const minutesOf = (hours: number) => Math.round(hours * 60);
export const hoursOf = (minutes: number) => minutes / 60;

/** Minutes since 1970 of a wall-clock 'YYYY-MM-DDTHH:MM' (no zone: only differences are taken). */
const wallMinutes = (wall: string) => Date.parse(`${wall.slice(0, 16)}:00Z`) / 60_000;

/**
 * The hours an event credits each person who came: the admin's own figure when set; else its start
 * to its end when it has both a start time and an end, rounded to the nearest quarter hour; else 0
 * (a day with no time says nothing of how long anyone stayed). Start and end are wall-clock times in
 * the site's zone, so a night when the clocks change counts the hours the clock shows.
 */
export function eventHours(event: { date: string; end: string | null; hours: number | null }): number {
  if (event.hours !== null) return event.hours;
  if (event.date.length <= 10 || !event.end) return 0;
  const minutes = wallMinutes(event.end) - wallMinutes(event.date);
  if (!Number.isFinite(minutes) || minutes <= 0) return 0;
  return Math.round(minutes / 15) / 4;
}

/**
 * The hours a shift credits each person who came: its start to its end, rounded to the nearest quarter
 * hour, at most a day (hours are recorded per shift; the event's own figure is for those without one).
 */
export function shiftHours(shift: { startsAt: string; endsAt: string }): number {
  const minutes = wallMinutes(shift.endsAt) - wallMinutes(shift.startsAt);
  if (!Number.isFinite(minutes) || minutes <= 0) return 0;
  return Math.min(24, Math.round(minutes / 15) / 4);
}

/** A person's hours at an event: the admin's figure for them when set, else the event's. */
export const personHours = (eventHoursValue: number, ownMinutes: number | null) =>
  ownMinutes === null ? eventHoursValue : hoursOf(ownMinutes);
