import { z } from 'zod';
import { roleSchema } from './accounts.ts';
import { eventFieldsSchema } from './events.ts';
import { cursorSchema, pagingSchema, searchTextSchema, sortSchema } from './paging.ts';
import { answersInputSchema } from './questions.ts';
import { shiftMessages, shiftSummarySchema } from './shifts.ts';
import { waiverSignSchema } from './waivers.ts';

export const registrationMessages = {
  alreadyRegistered: 'You are already registered for this event',
  eventPast: 'This event has already taken place',
  registered: 'Successfully registered',
  /** '{position}' is replaced by the person's number on the waitlist. */
  waitlisted: 'This event is full: you are on the waitlist, number {position}',
} as const;

export const registrationStatusValues = ['registered', 'waitlisted'] as const;
export const registrationStatusSchema = z.enum(registrationStatusValues);
export type RegistrationStatus = z.infer<typeof registrationStatusSchema>;

/**
 * A registration as the API shows it: the registrant (name, email, image, current role) from their
 * account, the event's fields (as the event shows them) from the event.
 */
export const registrationSchema = eventFieldsSchema
  .pick({ index: true, key: true, title: true, desc: true, banner: true, date: true, location: true, end: true, capacity: true })
  .extend({
    _id: z.string(),
    eventId: z.string(),
    /** `registered`: the person has a place; `waitlisted`: they wait for one, `position` in line (1 is next). */
    status: registrationStatusSchema,
    position: z.number().int().nullable(),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    role: roleSchema,
    /** When the person registered (ISO 8601 instant). */
    registeredAt: z.iso.datetime(),
    /** The shift taken, on an event staffed by shifts; null: the event's own places. */
    shift: shiftSummarySchema.nullable(),
    /** The person's answers to the event's questions, keyed by question id; null: none. */
    answers: z.record(z.string(), z.unknown()).nullable(),
    /** The waiver signed registering (GET /api/register/{id}/waiver); null: none asked. */
    waiverId: z.string().nullable(),
  });
export type Registration = z.infer<typeof registrationSchema>;

/**
 * POST /api/register names the event, and on an event staffed by shifts the shifts taken (at least one);
 * everything else comes from the account, the event and its shifts.
 */
export const registrationCreateSchema = z.object({
  eventId: z.uuid({ message: 'Choose an event to register for' }),
  shiftIds: z
    .array(z.uuid({ message: shiftMessages.notThisEvent }), { message: shiftMessages.chooseShift })
    .max(100, 'Choose at most 100 shifts')
    .optional(),
  /** Answers to the event's questions (`questions` on the event), keyed by question id. */
  answers: answersInputSchema,
  /** The event's waiver signed (when `waiver` is on the event): accepted, a name, a guardian's for someone under 18. */
  waiver: waiverSignSchema,
});
export type RegistrationCreate = z.infer<typeof registrationCreateSchema>;

const placeTaken = {
  insertedId: z.string(),
  status: registrationStatusSchema,
  /** The number on the waitlist (1 is next); null when the person has a place. */
  position: z.number().int().nullable(),
};

/**
 * POST /api/register's answer (201): a place, or a number on the waitlist when the event is full. With
 * shifts, `registrations` has one per shift (each its own place or number), in time order; the first is
 * also the answer's own `insertedId`, `status` and `position`.
 */
export const registrationCreatedSchema = z.object({
  ...placeTaken,
  registrations: z.array(z.object({ ...placeTaken, shiftId: z.string().nullable() })),
});
export type RegistrationCreated = z.infer<typeof registrationCreatedSchema>;

export const registrationSortColumns = ['title', 'name', 'email', 'registeredAt'] as const;

export const registrationListQuerySchema = z.object({
  q: searchTextSchema,
  sort: sortSchema(registrationSortColumns),
  cursor: cursorSchema,
  ...pagingSchema(25, 100),
});
export type RegistrationListQuery = z.infer<typeof registrationListQuerySchema>;
