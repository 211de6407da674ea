import { z } from 'zod';
import { eventDateSchema } from './events.ts';

/**
 * GET /api/events/{id}/roster (admins): who is coming to an event, for the day itself (the sign-in
 * sheet) and for the team's planning. The event as the sheet heads it; `end` like `date`, a wall-clock
 * time in the site's time zone ('2026-12-05T16:00'); `capacity` null when unlimited.
 */
export const rosterEventSchema = z.object({
  _id: z.string(),
  title: z.string(),
  date: eventDateSchema,
  end: z.string().nullable(),
  location: z.string().nullable(),
  capacity: z.number().int().nullable(),
});

export const rosterPersonSchema = z.object({
  /** The registration's id. */
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  /** When they registered (ISO 8601 instant). */
  registeredAt: z.iso.datetime(),
});

/** `position` is their place on the waitlist: 1 gets the next free place. */
export const waitlistPersonSchema = rosterPersonSchema.extend({ position: z.number().int() });

export const rosterSchema = z.object({
  event: rosterEventSchema,
  /** Those with a place, by name. */
  registered: z.array(rosterPersonSchema),
  /** Those waiting for a place, by position. */
  waitlist: z.array(waitlistPersonSchema),
});
export type Roster = z.infer<typeof rosterSchema>;
