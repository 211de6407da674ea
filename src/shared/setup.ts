import { z } from 'zod';
import {
  ADMIN_MIN_PASSWORD_LENGTH,
  accountMessages,
  displayNameSchema,
  emailSchema,
  passwordLengthMessages,
  passwordSchema,
} from './accounts.ts';
import { requiredText } from './text.ts';

/**
 * The first run (GET and POST /api/setup, the /setup page): while no admin exists, the one-time code
 * the server printed at its start lets a person make the first admin account and name the organisation.
 */

/** What /setup shows: with the code, what the install has; without it, only that the code is needed. */
export const setupStatusSchema = z.object({
  codeAccepted: z.boolean(),
  /** The organisation's name as its settings say now (with the code only). */
  organisation: z.string().optional(),
  /** Whether SMTP_URL is set: messages are sent, or only written to the server's log. */
  mailConfigured: z.boolean().optional(),
  /** Stripe keys set ('stripe'), or the test-mode gateway that takes no real money ('test'). */
  payments: z.enum(['stripe', 'test']).optional(),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;

const setupFields = {
  organisation: requiredText('Organisation name', 100),
  name: displayNameSchema,
  email: emailSchema,
  // The first account is an admin's: the form says so before it is sent, as the server would.
  password: passwordSchema.min(ADMIN_MIN_PASSWORD_LENGTH, passwordLengthMessages.adminTooShort),
};

/** POST /api/setup. */
export const setupBodySchema = z.object({
  code: z.string({ message: 'The set-up code is required' }).min(1, 'The set-up code is required').max(200),
  ...setupFields,
});
export type SetupBody = z.infer<typeof setupBodySchema>;

/** The set-up form: the same fields, the password typed twice. */
export const setupFormSchema = z
  .object({ ...setupFields, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], message: accountMessages.passwordMismatch });

export const setupDoneSchema = z.object({
  email: z.string(),
  /** A confirmation link was mailed (SMTP_URL set); without mail the set-up code proved the address. */
  confirmationMailed: z.boolean(),
  mailConfigured: z.boolean(),
});
export type SetupDone = z.infer<typeof setupDoneSchema>;

/** POST /api/site/test-email: a message to the admin's own address, or to `to`. */
export const testEmailBodySchema = z.object({ to: emailSchema.optional() });
export const testEmailSentSchema = z.object({ to: z.string() });
