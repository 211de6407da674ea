import { z } from 'zod';
import { eventEndSchema } from './events.ts';
import { requiredText } from './text.ts';

/**
 * Shifts: an event staffed by roles and times, each with its own places (DECISIONS.md 5.4). Times are
 * the site's wall clock, 'YYYY-MM-DDTHH:MM', as an event's end is.
 */

export const shiftMessages = {
  overlaps: 'This shift overlaps another of yours',
  chooseShift: 'Choose at least one shift',
  notThisEvent: 'Choose shifts of this event',
  noShifts: 'This event has no shifts',
  alreadyRegistered: 'You are already registered for this shift',
  shiftPast: 'This shift has already taken place',
  endNotAfterStart: 'A shift must end after it starts',
  nearEvent: 'A shift must start within a day of the event',
  /** '{count}' is replaced by the number of people registered. */
  capacityBelowRegistered: 'Places cannot be fewer than the {count} people already registered',
  tooManyShifts: 'An event can have at most 500 shifts',
} as const;

/** An event has at most this many shifts (a week of hourly shifts for a few roles). */
export const MAX_SHIFTS_PER_EVENT = 500;

/** A shift as registrations and passes carry it. */
export const shiftSummarySchema = z.object({
  _id: z.string(),
  /** The role, as the organisers named it ('Driver'). */
  role: z.string(),
  /** When it starts and ends: 'YYYY-MM-DDTHH:MM', the site's wall clock. */
  startsAt: z.string(),
  endsAt: z.string(),
});
export type ShiftSummary = z.infer<typeof shiftSummarySchema>;

/** GET /api/events/{id}/shifts: each shift with its places. */
export const shiftSchema = shiftSummarySchema.extend({
  eventId: z.string(),
  description: z.string(),
  /** Places; null: unlimited. */
  capacity: z.number().int().nullable(),
  /** People holding a place on it. */
  registered: z.number().int(),
  /** Places still free; null when it has no capacity. */
  spotsLeft: z.number().int().nullable(),
  /** People waiting for a place on it. */
  waitlisted: z.number().int(),
});
export type Shift = z.infer<typeof shiftSchema>;

/** A time as sent: 'YYYY-MM-DDTHH:MM' (seconds allowed) on the site's clock, or an instant with Z or an offset. */
const shiftTime = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .toUpperCase()
    .min(1, `${label} is required`)
    .pipe(eventEndSchema);

/** A form sends text; an empty box means no limit. */
const shiftCapacity = z.preprocess(
  (value) => (value === '' || value === null ? null : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ message: 'Places must be a whole number' })
    .int('Places must be a whole number')
    .min(1, 'Places must be at least 1, or empty for no limit')
    .max(100_000, 'Places must be at most 100000')
    .nullable(),
);

const shiftFields = {
  role: requiredText('Role', 80),
  description: z
    .preprocess(
      (value) => (value === null ? '' : value),
      z.string({ message: 'Description must be text' }).trim().max(1000, 'Description must be at most 1000 characters'),
    )
    .optional(),
  startsAt: shiftTime('Start'),
  endsAt: shiftTime('End'),
  capacity: shiftCapacity.optional(),
};

/** POST /api/events/{id}/shifts. */
export const shiftCreateSchema = z.object(shiftFields);
export type ShiftCreate = z.infer<typeof shiftCreateSchema>;

/** PUT /api/shifts/{id}: what is left out stays as it is. */
export const shiftUpdateSchema = z.object({
  role: shiftFields.role.optional(),
  description: shiftFields.description,
  startsAt: shiftFields.startsAt.optional(),
  endsAt: shiftFields.endsAt.optional(),
  capacity: shiftFields.capacity,
});
export type ShiftUpdate = z.infer<typeof shiftUpdateSchema>;

export const shiftParamsSchema = z.object({ id: z.string().max(100) });

/** Whether two shifts (wall-clock starts and ends on one clock) share any minute. */
export const shiftsOverlap = (a: { startsAt: string; endsAt: string }, b: { startsAt: string; endsAt: string }) =>
  a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/** POST /api/events/{id}/copy: the same event (with its shifts, without registrations) on another day. */
export const eventCopySchema = z.object({
  date: z
    .string({ message: 'Date is required' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-05')
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      'That date does not exist',
    ),
});

/** POST /api/events/{id}/repeat: a copy a week later, another a week after that, … */
export const eventRepeatSchema = z.object({
  weeks: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ message: 'Weeks must be a whole number' })
      .int('Weeks must be a whole number')
      .min(1, 'Repeat at least 1 week')
      .max(52, 'Repeat at most 52 weeks'),
  ),
});

export const eventCopiesSchema = z.object({ insertedIds: z.array(z.string()) });
