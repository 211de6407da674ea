import { z } from 'zod';
import { languages } from './language.ts';
import { cursorSchema, pagingSchema, searchTextSchema, sortSchema } from './paging.ts';
import { requiredText } from './text.ts';

export const roles = ['donator', 'volunteer', 'admin'] as const;
export const roleSchema = z.enum(roles, { message: 'Role must be donator, volunteer or admin' });
export type Role = z.infer<typeof roleSchema>;

/** The spec's own words (section 8), shown exactly as written. */
export const accountMessages = {
  passwordMismatch: 'Password not matched',
  passwordTooShort: 'Password length must be greater than 5 character',
  badEmail: 'Enter proper email',
  loginSuccessful: 'Login Successful',
  profileUpdated: 'Profile Updated Successfully',
  /** '{email}' and '{role}' are filled with `fillMessage`. */
  roleChanged: '{email} role {role} added Successfully',
  roleNotChanged: '{email} role not changed',
  deleted: '{email} is deleted successfully',
  notDeleted: '{email} not deleted',
} as const;

/** Below this the spec's own message is shown; the login form checks only this (older passwords were 6 long). */
export const SPEC_MIN_PASSWORD_LENGTH = 6;
/** Every new password: at least this long (and an admin's at least ADMIN_MIN_PASSWORD_LENGTH). */
export const MIN_PASSWORD_LENGTH = 8;
export const ADMIN_MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;
/** The rules of a new password, said beside its field before anything is typed (issue 29). */
export const passwordRules = `At least ${MIN_PASSWORD_LENGTH} characters (${ADMIN_MIN_PASSWORD_LENGTH} for admins) and hard to guess: not your name or email. A few unrelated words work well.`;

export const passwordLengthMessages = {
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  adminTooShort: `An admin's password must be at least ${ADMIN_MIN_PASSWORD_LENGTH} characters`,
} as const;

export const emailSchema = z
  .string({ message: accountMessages.badEmail })
  .trim()
  .toLowerCase()
  .max(254, accountMessages.badEmail)
  .pipe(z.email({ message: accountMessages.badEmail }));

export const passwordSchema = z
  .string({ message: accountMessages.passwordTooShort })
  .min(SPEC_MIN_PASSWORD_LENGTH, accountMessages.passwordTooShort)
  .min(MIN_PASSWORD_LENGTH, passwordLengthMessages.tooShort)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const displayNameSchema = z
  .string({ message: 'Enter your name' })
  .trim()
  .min(1, 'Enter your name')
  .max(80, 'Name must be at most 80 characters');

/**
 * The sign-up form: every field that fails says so at once, each in the spec's words (section 5),
 * and the request waits until none does (DECISIONS 3.2).
 */
export const signUpFormSchema = z
  .object({
    name: displayNameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], message: accountMessages.passwordMismatch });

/** 'Forgot password?': the address to send a reset link to. */
export const forgotPasswordFormSchema = z.object({ email: emailSchema });

/** /reset-password: a new password with the sign-up rules and messages. */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], message: accountMessages.passwordMismatch });

/** The login form: a short password and a malformed email are both said at once (spec section 5). */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(SPEC_MIN_PASSWORD_LENGTH, accountMessages.passwordTooShort),
});

/** An account as the API shows it. `displayName` and `name` are the same value (spec section 3). */
export const accountSchema = z.object({
  _id: z.string(),
  email: z.string(),
  /** Whether the address is confirmed (by its link, or by the sign-in provider). */
  emailVerified: z.boolean(),
  displayName: z.string(),
  name: z.string(),
  photoURL: z.string().nullable(),
  role: roleSchema,
  address: z.string().nullable(),
  age: z.string().nullable(),
  education: z.string().nullable(),
  occupation: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

/** GET /api/users/me: the account, with where its two-step sign-in stands. */
export const meSchema = accountSchema.extend({
  /** Two-step sign-in (an authenticator app's codes) is on. */
  twoFactorEnabled: z.boolean(),
  /**
   * An admin under ADMIN_MFA=required whose admin pages stay closed until it sets up two-step sign-in
   * (`set-up`) or enters a code in this session (`confirm`, after Google or OpenID Connect sign-in); null otherwise.
   */
  mfaRequired: z.enum(['set-up', 'confirm']).nullable(),
  /** ADMIN_MFA=required and the account is an admin: two-step sign-in cannot be turned off. */
  twoFactorLocked: z.boolean(),
  /** The language the account reads the product in: its saved choice, else the one this request is answered in. */
  language: z.enum(languages),
});
export type Me = z.infer<typeof meSchema>;

/** PUT /api/users/me/language: the language to keep on the account (and in this device's `lang` cookie). */
export const languageChoiceSchema = z.object({
  language: z.enum(languages, { message: `Language must be one of ${languages.join(', ')}` }),
});
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;

/** PUT /api/users: the profile fields only. Role and email are never taken from here. */
export const profileUpdateSchema = z.object({
  displayName: displayNameSchema.optional(),
  address: requiredText('Address', 200),
  age: requiredText('Age', 20),
  education: requiredText('Education', 120),
  occupation: requiredText('Occupation', 120),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** POST /api/users: after sign-up, the caller's own display name (and nothing else). */
export const accountCreateSchema = z.object({ displayName: displayNameSchema.optional() });

/** PUT /api/users/role: names the account by email (a registration or an account record both carry one). */
export const roleUpdateSchema = z.object({ email: emailSchema, role: roleSchema });

export const accountSortColumns = ['name', 'email', 'role', 'age', 'education', 'occupation', 'address'] as const;

export const accountListQuerySchema = z.object({
  q: searchTextSchema,
  sort: sortSchema(accountSortColumns),
  cursor: cursorSchema,
  ...pagingSchema(25, 100),
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

/** GET /api/users/{email}: `[isAdmin, isVolunteer]`, as the spec's client reads it. */
export const roleFlagsSchema = z.tuple([z.boolean(), z.boolean()]);

/** Profile pictures: what the server accepts. */
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const profileImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
