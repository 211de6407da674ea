import { z } from 'zod';
import { roleSchema } from './accounts.ts';
import { emailPreferencesSchema } from './mail-preferences.ts';
import { registrationStatusSchema } from './registrations.ts';
import { reviewStatusSchema } from './reviews.ts';
import { shiftSummarySchema } from './shifts.ts';
import { signedWaiverSchema } from './waivers.ts';

/**
 * People's own data (DECISIONS 4.7): GET /api/users/me/export gives everything the product holds
 * about the signed-in account, and DELETE /api/users/me removes the account. The export never
 * carries a secret: no password hash, session token, verification token, provider token or the
 * calendar feed's address; mail is listed by subject and kind, without its body (which holds links).
 */

const instant = z.iso.datetime();

export const ownDataSchema = z.object({
  exportedAt: instant,
  account: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: roleSchema,
    photoURL: z.string().nullable(),
    address: z.string().nullable(),
    age: z.string().nullable(),
    education: z.string().nullable(),
    occupation: z.string().nullable(),
    createdAt: instant,
    updatedAt: instant,
    /** Whether a calendar feed address was made for the account (the address itself is a secret). */
    hasCalendarFeed: z.boolean(),
  }),
  /** How the account signs in: 'credential' (email and password) or an identity provider's id. */
  signInMethods: z.array(z.object({ provider: z.string(), createdAt: instant })),
  sessions: z.array(
    z.object({
      createdAt: instant,
      lastActiveAt: instant,
      expiresAt: instant,
      userAgent: z.string().nullable(),
      ipAddress: z.string().nullable(),
    }),
  ),
  registrations: z.array(
    z.object({
      _id: z.string(),
      eventId: z.string(),
      event: z.string(),
      eventDate: z.string(),
      status: registrationStatusSchema,
      position: z.number().int().nullable(),
      registeredAt: instant,
      checkedInAt: instant.nullable(),
      /** The admin's own figure for this person's hours, in minutes; null: the event's. */
      hoursMinutes: z.number().int().nullable(),
      /** The shift the registration is for (its role and times), or null. */
      shift: shiftSummarySchema.nullable(),
      /** The answers given to the event's questions, sensitive ones too; null: none. */
      answers: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  donations: z.array(
    z.object({
      _id: z.string(),
      /** In cents. */
      amount: z.number().int(),
      currency: z.string(),
      paidAt: instant,
      recordedAt: instant,
      event: z.string(),
      eventId: z.string().nullable(),
      transaction: z.string(),
      last4: z.string().nullable(),
      refundedAt: instant.nullable(),
    }),
  ),
  /** The waivers the account signed (text, version, name, guardian, when, from where); kept when it is deleted. */
  waivers: z.array(signedWaiverSchema),
  reviews: z.array(z.object({ _id: z.string(), message: z.string(), review: z.string(), status: reviewStatusSchema, createdAt: instant })),
  /** Notices the account wrote (organisers only); notices are not kept per recipient. */
  notices: z.array(z.object({ _id: z.string(), notice: z.string(), createdAt: instant })),
  emailPreferences: emailPreferencesSchema,
  /** Mail the product sent or is sending to the account's address. */
  mail: z.array(z.object({ subject: z.string(), kind: z.string(), status: z.string(), createdAt: instant, sentAt: instant.nullable() })),
});
export type OwnData = z.infer<typeof ownDataSchema>;

/** DELETE /api/users/me: the account's own email, typed again, so that a stray call cannot delete it. */
export const accountDeletionSchema = z.object({
  confirm: z.string({ message: 'Type your email to confirm' }).trim().min(1, 'Type your email to confirm').max(254),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

export const ownDataMessages = {
  wrongConfirmation: 'Type the email of your account to confirm',
  deleted: 'Your account was deleted',
} as const;

/** The download's file name: `helping-hands-data-YYYY-MM-DD.json`. */
export function ownDataFileName(day: string): string {
  return `helping-hands-data-${day}.json`;
}
