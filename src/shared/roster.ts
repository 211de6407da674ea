import { z } from 'zod';
import { eventDateSchema } from './events.ts';
import { questionSchema } from './questions.ts';
import { shiftSummarySchema } from './shifts.ts';

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
  /** The shift this place is for, on an event staffed by shifts (a person with two shifts is listed twice); null: the event's. */
  shift: shiftSummarySchema.nullable(),
  /** Their answers to `questions` (sensitive ones for admins only), keyed by question id; null: none given. */
  answers: z.record(z.string(), z.unknown()).nullable(),
});

/** `position` is their place on the waitlist: 1 gets the next free place. */
export const waitlistPersonSchema = rosterPersonSchema.extend({ position: z.number().int() });

/** A shift as the roster heads its group: its role, times and places. */
export const rosterShiftSchema = shiftSummarySchema.extend({
  description: z.string(),
  capacity: z.number().int().nullable(),
  registered: z.number().int(),
  waitlisted: z.number().int(),
});

export const rosterSchema = z.object({
  event: rosterEventSchema,
  /** The event's questions the reader may see: all for admins, none marked sensitive for door staff. */
  questions: z.array(questionSchema),
  /** The event's shifts in time order (empty for an event without shifts): the roster's groups. */
  shifts: z.array(rosterShiftSchema),
  /** Those with a place: shift by shift in time order (those without a shift first), by name within each. */
  registered: z.array(rosterPersonSchema),
  /** Those waiting for a place: shift by shift, by position within each. */
  waitlist: z.array(waitlistPersonSchema),
});
export type Roster = z.infer<typeof rosterSchema>;
