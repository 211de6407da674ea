import { z } from 'zod';
import { requiredText } from './text.ts';

/**
 * A waiver an event asks people to sign when they register (DECISIONS.md 5.5, issue 33). Each change of
 * its text makes a new version; a signature keeps the version, a hash of the text, the name signed (and
 * a guardian's, for someone under 18), when and from which address: a record kept like a donation.
 */

export const waiverMessages = {
  accept: 'Accept the waiver to register',
  signedName: 'Sign with your full name',
  guardianName: 'Someone under 18 needs a parent or guardian to sign too',
  changed: 'The waiver has changed since you read it: read it again',
  noSignature: 'This registration has no signed waiver',
} as const;

/** The text an admin writes: plain text, paragraphs split by blank lines. */
export const waiverTextSchema = requiredText('Waiver text', 20_000);

/** PUT /api/events/{id}/waiver, and `waiver` on POST and PUT /api/events (null there: no waiver). */
export const waiverWriteSchema = z.object({ text: waiverTextSchema });
export type WaiverWrite = z.infer<typeof waiverWriteSchema>;

/** The waiver as an event carries it: its text and which version it is (1, 2, … for each change). */
export const eventWaiverSchema = z.object({ version: z.number().int(), text: z.string() });
export type EventWaiver = z.infer<typeof eventWaiverSchema>;

/**
 * `waiver` on POST /api/register: accepted, signed with the person's name; a guardian's name too when
 * the answers say the person is under 18. `version`: the one the person read (a newer one is refused
 * with 409, so nobody signs a text they did not see).
 */
export const waiverSignSchema = z
  .object({
    accepted: z.boolean({ message: waiverMessages.accept }),
    signedName: z.string({ message: waiverMessages.signedName }).trim().max(200, 'A name must be at most 200 characters').default(''),
    guardianName: z.string({ message: waiverMessages.guardianName }).trim().max(200, 'A name must be at most 200 characters').optional(),
    version: z.number({ message: 'Version must be a number' }).int().min(1).optional(),
  })
  .optional();
export type WaiverSign = z.infer<typeof waiverSignSchema>;

/** A signed waiver, as the person and admins open and print it. */
export const signedWaiverSchema = z.object({
  _id: z.string(),
  /** The registration it was signed with; null once that registration is cancelled or its account deleted. */
  registrationId: z.string().nullable(),
  eventId: z.string().nullable(),
  /** The event's title when it was signed. */
  eventTitle: z.string(),
  version: z.number().int(),
  text: z.string(),
  /** SHA-256 of the text signed, in hex: the same text always gives the same hash. */
  textHash: z.string(),
  signedName: z.string(),
  guardianName: z.string().nullable(),
  /** Who signed: their email, or 'Deleted account' once the account is deleted. */
  email: z.string(),
  /** When (ISO 8601 instant) and from which network address. */
  signedAt: z.iso.datetime(),
  address: z.string(),
});
export type SignedWaiver = z.infer<typeof signedWaiverSchema>;
