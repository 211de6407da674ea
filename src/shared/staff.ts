import { z } from 'zod';
import { eventDateSchema } from './events.ts';

/**
 * Door staff and shift leads: people (of any role) an admin names to run one event's door and read its
 * roster, and nothing else (DECISIONS.md 5.4, issue 32).
 */

export const staffMessages = {
  noAccount: 'No account has this email',
} as const;

/** GET /api/events/{id}/staff: who may run the event's door, in the order they were named. */
export const eventStaffMemberSchema = z.object({
  accountId: z.string(),
  name: z.string(),
  email: z.string(),
  /** When an admin named them (ISO 8601 instant). */
  addedAt: z.iso.datetime(),
});
export type EventStaffMember = z.infer<typeof eventStaffMemberSchema>;

/** POST /api/events/{id}/staff: the person, by their account's email. */
export const eventStaffAddSchema = z.object({
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Enter proper email')
    .pipe(z.email({ message: 'Enter proper email' })),
});

export const staffParamsSchema = z.object({ id: z.string().max(100), accountId: z.string().max(200) });

/** GET /api/door/events: the events the caller was named to run the door of, still to come or under way, soonest first. */
export const doorEventSchema = z.object({
  _id: z.string(),
  title: z.string(),
  date: eventDateSchema,
  end: z.string().nullable(),
  location: z.string().nullable(),
});
export type DoorEvent = z.infer<typeof doorEventSchema>;
