import { z } from 'zod';
import { displayNameSchema, emailSchema, passwordSchema, roleSchema } from '../../shared/accounts.ts';
import type { Access } from './signed-in.ts';

export const signUpBody = z.object({ name: displayNameSchema, email: emailSchema, password: passwordSchema });
export const signInBody = z.object({
  email: emailSchema,
  password: z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(1024),
  rememberMe: z.boolean().optional(),
});
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(1024),
  newPassword: passwordSchema,
});
/** A code from the authenticator app, or a recovery code. */
export const secondFactorCodeBody = z.object({
  code: z.string({ message: 'Enter the code' }).trim().min(1, 'Enter the code').max(64, 'That code is too long'),
  trustDevice: z.boolean().optional(),
});
/** Calls that change two-step sign-in ask for the password again. */
export const passwordOnlyBody = z.object({
  password: z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(1024),
});

/** 'Send the link again' and 'Forgot password?': an address, and nothing the library would redirect to. */
export const emailOnlyBody = z.object({ email: emailSchema });
export const resetPasswordBody = z.object({
  token: z.string({ message: 'The link has no token' }).min(1, 'The link has no token').max(200, 'The link is not valid'),
  newPassword: passwordSchema,
});
export const verifyEmailQuery = z.object({
  token: z.string({ message: 'The link has no token' }).min(1, 'The link has no token').max(4000, 'The link is not valid'),
});

/** The account as the sign-in library answers it; the library may add fields. */
const libraryUser = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  role: roleSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

const sessionGiven =
  'The session comes back twice: as the `better-auth.session_token` cookie (browsers) and in the `set-auth-token` ' +
  'header, to send as `Authorization: Bearer <token>` (API clients). Send an `Origin` header with the app’s address, as browsers do.';

/** One call of the sign-in library that the product lets through, as the API reference describes it. */
export interface AuthCall {
  methods: readonly ('GET' | 'POST')[];
  /** Under /api/auth; `{provider}` stands for one path segment. */
  path: string;
  access: Extract<Access, 'public' | 'signed-in'>;
  summary: string;
  description?: string;
  /** What the body must be: checked here before the library sees it (see routes.ts). */
  body?: z.ZodType;
  /** What the query string must be, likewise. */
  query?: z.ZodType;
  /** Counted by the sign-in rate limit (AUTH_RATE_LIMIT in each 5 minutes). */
  limited?: true;
  /** Sends mail to the body's `email`: also counted per email (MAIL_PER_EMAIL_LIMIT in routes.ts), from any address. */
  mails?: true;
  /** The success answer: JSON, or a status without a body. */
  answer: { schema: z.ZodType; headers?: Record<string, string> } | { status: number; description: string; type?: string };
  /** Errors particular to the call. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409, string>>;
}

/**
 * The library's calls the product uses, and only these: the allowlist, the rate limit and the API
 * reference are all read from this table. Others the library offers would go around the product's
 * rules (/update-user sets a picture to any URL) or hand session tokens to scripts (/get-session,
 * /list-sessions answer them in JSON; the pages use /api/users/me), so they answer 404.
 */
export const authCalls: readonly AuthCall[] = [
  {
    methods: ['POST'],
    path: '/sign-up/email',
    access: 'public',
    summary: 'Create an account with an email and password, signed in',
    description:
      'The new account is a donator, and a confirmation link is mailed to the address; the account is an admin when its ' +
      'email is in ADMIN_EMAILS once a password is chosen through the link mailed to it (for such an address the mail is ' +
      'that link, not a confirmation). A new password has at least 8 characters (12 for an admin) and must not be easy ' +
      'to guess (it is checked against common passwords and the person’s own email and name); the 400 says why. An email ' +
      'that has an account answers 409; if that account is not confirmed, the address is mailed a link to finish setting it ' +
      `up (choosing its password there ends every session of it). ${sessionGiven}`,
    body: signUpBody,
    limited: true,
    answer: {
      schema: z.looseObject({ token: z.string(), user: libraryUser }),
      headers: { 'set-auth-token': 'The session, as a bearer token.' },
    },
    errors: { 409: 'An account with this email already exists.' },
  },
  {
    methods: ['POST'],
    path: '/sign-in/email',
    access: 'public',
    summary: 'Sign in with an email and password',
    description:
      `${sessionGiven} Ten failed sign-ins for one account in 15 minutes, from any addresses, lock it for 30 seconds, ` +
      'twice as long after each further failure, up to 15 minutes (429, even for the right password).',
    body: signInBody,
    limited: true,
    answer: {
      schema: z.union([
        z.looseObject({ redirect: z.boolean(), token: z.string(), user: libraryUser }),
        z.looseObject({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()) }),
      ]),
      headers: { 'set-auth-token': 'The session, as a bearer token.' },
    },
    errors: { 401: 'The email or the password is wrong.' },
  },
  {
    methods: ['POST'],
    path: '/sign-in/social',
    access: 'public',
    summary: "Start 'Continue With Google' (or the configured OpenID Connect provider)",
    description: 'Answers with the provider’s address to send the browser to. `GET /api/site` says which provider, if any, is configured.',
    body: z.looseObject({
      provider: z.enum(['google', 'oidc']),
      callbackURL: z.string().optional(),
      errorCallbackURL: z.string().optional(),
    }),
    limited: true,
    answer: { schema: z.looseObject({ url: z.string(), redirect: z.boolean() }) },
    errors: { 404: 'That provider is not configured.' },
  },
  {
    methods: ['GET', 'POST'],
    path: '/callback/{provider}',
    access: 'public',
    summary: 'Where the provider sends the browser back after signing in',
    description: 'Sets the session cookie and sends the browser on to the page that started the sign-in (or to the error page).',
    answer: { status: 302, description: 'On to the page that started the sign-in, or to /api/auth/error.' },
  },
  {
    methods: ['POST'],
    path: '/sign-out',
    access: 'public',
    summary: 'Sign out',
    description: 'Ends the session sent with the call, if there is one, and clears the cookie.',
    answer: { schema: z.looseObject({ success: z.boolean() }) },
  },
  {
    methods: ['POST'],
    path: '/change-password',
    access: 'signed-in',
    summary: 'Change the password',
    description: 'Every other session of the account ends.',
    body: changePasswordBody,
    limited: true,
    answer: { schema: z.looseObject({ token: z.string().nullable(), user: libraryUser }) },
  },
  {
    methods: ['POST'],
    path: '/revoke-other-sessions',
    access: 'signed-in',
    summary: 'Sign out everywhere else',
    description: 'Ends every session of the account except the one sent with the call.',
    answer: { schema: z.looseObject({ status: z.boolean() }) },
  },
  {
    methods: ['GET'],
    path: '/verify-email',
    access: 'public',
    summary: 'Confirm an email address with the token from the confirmation link',
    description:
      'What `/verify-email?token=…` (the page the mail links to) calls. A link stays good for 24 hours; opening it again ' +
      'once the address is confirmed answers the same. It does not sign anyone in.',
    query: verifyEmailQuery,
    answer: { schema: z.looseObject({ status: z.literal(true) }) },
    errors: { 400: 'The link is expired, not valid, or its account no longer exists (the message says which and what to do).' },
  },
  {
    methods: ['POST'],
    path: '/send-verification-email',
    access: 'public',
    summary: 'Send the confirmation link again',
    description:
      'Signed in, for the account’s own address. Signed out, the answer is the same whether or not the email has an ' +
      'unconfirmed account (and a link is sent only if it has).',
    body: emailOnlyBody,
    limited: true,
    mails: true,
    answer: { schema: z.looseObject({ status: z.literal(true) }) },
    errors: {
      400: 'Signed in, the email is not the account’s own.',
      409: 'Signed in, the address is already confirmed.',
    },
  },
  {
    methods: ['POST'],
    path: '/request-password-reset',
    access: 'public',
    summary: 'Forgot password: mail a link to set a new one',
    description:
      'The answer is the same, and takes the same time, whether or not the email has an account; a link (good for one ' +
      'hour, once) is sent only if it has.',
    body: emailOnlyBody,
    limited: true,
    mails: true,
    answer: { schema: z.looseObject({ status: z.literal(true), message: z.string() }) },
  },
  {
    methods: ['POST'],
    path: '/reset-password',
    access: 'public',
    summary: 'Set a new password with the token from the reset link',
    description: 'The token works once, for one hour. Every session of the account ends; the person signs in with the new password.',
    body: resetPasswordBody,
    limited: true,
    answer: { schema: z.looseObject({ status: z.literal(true) }) },
    errors: { 400: 'The link is expired, already used or not valid; nothing changed.' },
  },
  {
    methods: ['POST'],
    path: '/two-factor/enable',
    access: 'signed-in',
    summary: 'Start setting up two-step sign-in (an authenticator app)',
    description:
      'Answers the `otpauth://` address to show as a QR code and ten recovery codes (shown once). Two-step sign-in is on ' +
      'only once a code from the app is confirmed with `POST /api/auth/two-factor/verify-totp`. Only an account whose ' +
      'address is confirmed may; the set-up is mailed to the account.',
    body: passwordOnlyBody,
    limited: true,
    answer: { schema: z.looseObject({ totpURI: z.string(), backupCodes: z.array(z.string()) }) },
    errors: {
      400: 'The password is wrong, or two-step sign-in is already on.',
      403: 'Two-step sign-in is on and this session has not passed it.',
      409: 'The account’s email address is not confirmed yet.',
    },
  },
  {
    methods: ['POST'],
    path: '/two-factor/verify-totp',
    access: 'public',
    summary: 'Enter a code from the authenticator app',
    description:
      'After a password sign-in that answered `twoFactorRedirect`: finishes it (the `two_factor` cookie says whose). ' +
      'Signed in: confirms the set-up, or confirms this session for admin pages (after Google or OpenID Connect sign-in). ' +
      'Each code (each 30-second step of the app) is accepted once per account. Ten wrong codes in a row, on either ' +
      'path, lock two-step sign-in for 15 minutes (429).',
    body: secondFactorCodeBody,
    limited: true,
    answer: { schema: z.looseObject({ token: z.string(), user: libraryUser }) },
    errors: {
      400: 'The code is wrong, was already used, or too many were tried.',
      401: 'The sign-in waiting for a code has expired: sign in again.',
    },
  },
  {
    methods: ['POST'],
    path: '/two-factor/verify-backup-code',
    access: 'public',
    summary: 'Enter a recovery code instead of a code from the app',
    description: 'Like `verify-totp`; each recovery code works once.',
    body: secondFactorCodeBody,
    limited: true,
    answer: { schema: z.looseObject({ token: z.string().optional(), user: libraryUser }) },
    errors: { 400: 'The code is wrong or already used.', 401: 'The sign-in waiting for a code has expired: sign in again.' },
  },
  {
    methods: ['POST'],
    path: '/two-factor/generate-backup-codes',
    access: 'signed-in',
    summary: 'Replace the recovery codes',
    description:
      'Answers ten new recovery codes (shown once); the old ones stop working. Needs a session that passed two-step ' +
      'sign-in; the account is mailed.',
    body: passwordOnlyBody,
    limited: true,
    answer: { schema: z.looseObject({ status: z.boolean(), backupCodes: z.array(z.string()) }) },
    errors: {
      400: 'The password is wrong, or two-step sign-in is not on.',
      403: 'This session has not passed two-step sign-in.',
    },
  },
  {
    methods: ['POST'],
    path: '/two-factor/disable',
    access: 'signed-in',
    summary: 'Turn two-step sign-in off',
    description: 'Refused for an admin while ADMIN_MFA is `required`. Needs a session that passed two-step sign-in; the account is mailed.',
    body: passwordOnlyBody,
    limited: true,
    answer: { schema: z.looseObject({ status: z.boolean() }) },
    errors: {
      400: 'The password is wrong.',
      403: 'An admin under ADMIN_MFA=required, or a session that has not passed two-step sign-in.',
    },
  },
  {
    methods: ['GET'],
    path: '/error',
    access: 'public',
    summary: 'The page shown when a sign-in through a provider fails',
    answer: { status: 200, description: 'A page saying what went wrong.', type: 'text/html' },
  },
];

/** The call a request is for, by method and path under /api/auth; undefined for any other. */
export function authCallOf(method: string, path: string): AuthCall | undefined {
  return authCalls.find((call) => call.methods.includes(method as 'GET' | 'POST') && pathPattern(call.path).test(path));
}

function pathPattern(path: string) {
  return new RegExp(`^${path.replace(/\{[a-z]+\}/g, '[a-z0-9-]+')}$`);
}
