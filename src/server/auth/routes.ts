import { fromNodeHeaders } from 'better-auth/node';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { account, verification } from '../db/schema.ts';
import { AppError, codeByStatus, notFound } from '../errors.ts';
import { readSiteSettings } from '../features/site/settings.ts';
import { refuseOverLimit, waitInWords } from '../http/limits.ts';
import { withRequestLog } from '../http/logger.ts';
import { databaseUnavailable } from '../http/outage.ts';
import { addressKey } from '../http/rate-limit.ts';
import type { Auth } from './auth.ts';
import { authEvent } from './auth-events.ts';
import {
  authCallOf,
  changePasswordBody,
  emailOnlyBody,
  passwordOnlyBody,
  resetPasswordBody,
  secondFactorCodeBody,
  signInBody,
  signUpBody,
  verifyEmailQuery,
} from './calls.ts';
import { endResetLinks, mailSetUpLink } from './mailbox-proof.ts';
import { passwordProblem } from './password-rules.ts';
import { afterSecondFactorCall, beforeSecondFactorCall } from './second-factor.ts';
import { mailSecurityNotice } from './security-mail.ts';
import { endOutlivedSession } from './session-hook.ts';

const FIVE_MINUTES_MS = 5 * 60 * 1000;
/** Mail to one address: at most this many links of one kind in each 15 minutes, whoever asks. */
export const MAIL_PER_EMAIL_LIMIT = 3;
const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
/**
 * 'Forgot password?' answers no sooner than this, so the time taken does not tell whether the
 * address has an account (one that has costs a token row, rendering and queueing the message).
 */
export const PASSWORD_RESET_ANSWER_MS = 500;

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'body')] ??= issue.message;
  throw new AppError('invalid_input', Object.values(fields)[0] ?? 'Invalid input', fields);
}

/** The first lock; each further failure past the limit doubles it, up to LOCK_MAX_MS. */
const LOCK_FIRST_MS = 30_000;
const LOCK_MAX_MS = 15 * 60 * 1000;

/** Whose password a call sets, for the rules that depend on the person (their words, an admin's length). */
interface PasswordOwner {
  id?: string;
  email: string;
  name: string;
  role?: string;
}

/** A new password that breaks the rules is refused beside its field, saying why. */
async function refuseWeak(app: FastifyInstance, password: string, field: string, owner: PasswordOwner) {
  const admin = owner.role === 'admin' || app.config.adminEmails.includes(owner.email.toLowerCase());
  const organisation = (await readSiteSettings(app.db)).name;
  const problem = passwordProblem(password, { admin, email: owner.email, name: owner.name, organisation });
  if (problem) throw new AppError('invalid_input', problem, { [field]: problem });
}

/** The account a reset link's token belongs to, while the link is good. */
async function resetLinkOwner(app: FastifyInstance, token: string): Promise<Required<PasswordOwner> | undefined> {
  const [found] = await app.db
    .select({ id: account.id, email: account.email, name: account.name, role: account.role })
    .from(verification)
    .innerJoin(account, eq(account.id, verification.value))
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())));
  return found;
}

/** What the handler learned while checking a call, for what it does after the library answers. */
interface Checked {
  body: unknown;
  /** The account whose password the call sets (change or reset). */
  owner?: PasswordOwner;
}

/**
 * The body the sign-in library gets: for the calls that create accounts or sessions, only the
 * fields the product allows (a sign-up cannot choose its own picture URL or role); new passwords
 * meet the password rules for their owner.
 */
async function checkedBody(app: FastifyInstance, auth: Auth, request: FastifyRequest, path: string, body: unknown): Promise<Checked> {
  switch (path) {
    case '/sign-up/email': {
      const parsed = parseBody(signUpBody, body);
      await refuseWeak(app, parsed.password, 'password', parsed);
      return { body: parsed };
    }
    case '/sign-in/email':
      return { body: parseBody(signInBody, body) };
    // The plugin's own issuer stays; the method is always the authenticator app.
    case '/two-factor/enable':
      return { body: { ...parseBody(passwordOnlyBody, body), method: 'totp' } };
    case '/two-factor/generate-backup-codes':
    case '/two-factor/disable':
      return { body: parseBody(passwordOnlyBody, body) };
    case '/two-factor/verify-totp':
    case '/two-factor/verify-backup-code':
      return { body: parseBody(secondFactorCodeBody, body) };
    case '/change-password': {
      const parsed = parseBody(changePasswordBody, body);
      const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!found) throw new AppError('unauthenticated', 'Please sign in first');
      const owner = found.user as PasswordOwner & { id: string };
      await refuseWeak(app, parsed.newPassword, 'newPassword', owner);
      // Changing the password signs out every other session.
      return { body: { ...parsed, revokeOtherSessions: true }, owner };
    }
    // Without callbackURL / redirectTo: the links in the mail lead to the product's own pages.
    case '/send-verification-email':
    case '/request-password-reset':
      return { body: parseBody(emailOnlyBody, body) };
    case '/reset-password': {
      const parsed = parseBody(resetPasswordBody, body);
      const owner = await resetLinkOwner(app, parsed.token);
      // A link that is not good is the library's to refuse, in its words; the rules need an owner.
      if (owner) await refuseWeak(app, parsed.newPassword, 'newPassword', owner);
      return { body: parsed, owner };
    }
    default:
      return { body };
  }
}

/**
 * The checked body as the text the library reads. A body nested deeper than it can be written again
 * (thousands of levels, in a key the library passes on) is invalid input, not a failure of ours.
 */
function libraryBody(checked: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(checked ?? {});
  } catch (err) {
    if (err instanceof RangeError) throw new AppError('invalid_input', 'The request body is nested too deeply');
    throw err;
  }
  if (NUL_IN_JSON.test(text)) throw unstorableText();
  return text;
}

/** A NUL character as JSON writes it (`\u0000` after an even number of backslashes). */
const NUL_IN_JSON = /(?:^|[^\\])(?:\\\\)*\\u0000/;
/**
 * The library looks tokens and emails up in the database, which cannot hold a NUL character: its
 * failed query would be its own 500, so such text is refused first, as everywhere else.
 */
const unstorableText = () => new AppError('invalid_input', 'The text contains a character that cannot be stored (such as a NUL character)');

/** The address the library is asked: for a confirmation link, the token alone (no redirect after it). */
function libraryUrl(request: FastifyRequest, path: string, publicUrl: string): URL {
  const url = new URL(request.url, publicUrl);
  if (path === '/verify-email') {
    const { token } = parseBody(verifyEmailQuery, Object.fromEntries(url.searchParams));
    url.search = new URLSearchParams({ token }).toString();
  }
  return url;
}

const badLink = (message: string) => new AppError('invalid_input', message, { token: message });

/** The library's own error answers, in the product's error format, with clearer words where it matters. */
function translateError(path: string, status: number, body: { code?: string; message?: string }): AppError {
  if (path === '/verify-email' && status < 500) {
    if (body.code === 'TOKEN_EXPIRED')
      return badLink('This confirmation link has expired. Ask for a new link and open it within 24 hours.');
    return badLink('This confirmation link is not valid: it is incomplete, or its account no longer exists. Ask for a new link.');
  }
  if (path === '/reset-password' && (body.code === 'INVALID_TOKEN' || body.code === 'USER_NOT_FOUND')) {
    return badLink('This reset link has expired, was already used, or is not valid. Nothing was changed: ask for a new link.');
  }
  if (body.code === 'EMAIL_ALREADY_VERIFIED') return new AppError('conflict', 'Your email address is already confirmed');
  if (body.code === 'EMAIL_MISMATCH') {
    return new AppError('invalid_input', 'This is not the email of your account', { email: 'This is not the email of your account' });
  }
  if (body.code === 'USER_ALREADY_EXISTS' || body.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
    return new AppError('conflict', 'An account with this email already exists', { email: 'An account with this email already exists' });
  }
  if (body.code === 'INVALID_EMAIL_OR_PASSWORD') return new AppError('unauthenticated', 'Invalid email or password');
  if (body.code === 'INVALID_PASSWORD')
    return new AppError('invalid_input', 'The password is wrong', { password: 'The password is wrong' });
  if (body.code === 'INVALID_CODE' || body.code === 'INVALID_BACKUP_CODE') {
    const message =
      body.code === 'INVALID_CODE'
        ? 'That code is not right. Enter the code the app shows now.'
        : 'That recovery code is not right or was already used.';
    return new AppError('invalid_input', message, { code: message });
  }
  if (body.code === 'INVALID_TWO_FACTOR_COOKIE')
    return new AppError('unauthenticated', 'The sign-in waiting for a code has expired. Please sign in again.');
  if (body.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
    return new AppError('invalid_input', 'Too many wrong codes. Please sign in again.', {
      code: 'Too many wrong codes. Please sign in again.',
    });
  }
  if (body.code === 'ACCOUNT_TEMPORARILY_LOCKED') {
    return new AppError('rate_limited', 'Too many wrong codes: two-step sign-in is locked for up to 15 minutes. Please try again later.');
  }
  const code = codeByStatus[status] ?? (status >= 500 ? 'internal' : 'invalid_input');
  return new AppError(code, body.message || 'The sign-in request was refused');
}

/** Mounts the sign-in library under /api/auth: the product's validation, rate limit and error format around it. */
export async function authRoutes(app: FastifyInstance, options: { auth: Auth; rateLimitMax: number; signInPerAddress: number }) {
  const { auth } = options;
  // Sign-in attempts count per address and email (guessing one person's password); the other
  // limited calls per address.
  const limit = app.rateLimit({
    max: options.rateLimitMax,
    timeWindow: FIVE_MINUTES_MS,
    keyGenerator: (request) => {
      const path = authPath(request);
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return path === '/sign-in/email' && typeof email === 'string'
        ? `sign-in:${addressKey(request.ip)}:${email.trim().toLowerCase()}`
        : `${path}:${addressKey(request.ip)}`;
    },
  });
  // Calls that mail an address count per email too, so nobody can flood one person's inbox from
  // many addresses. The key is the email as typed, whether or not it has an account.
  const perEmail = app.createRateLimit({
    max: MAIL_PER_EMAIL_LIMIT,
    timeWindow: FIFTEEN_MINUTES_MS,
    keyGenerator: (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `mail:${authPath(request)}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    // Public here: the library checks the session itself on the calls that need one. The API
    // reference describes this route call by call, from the table in calls.ts.
    config: { public: true },
    schema: { hide: true },
    async preHandler(request, reply) {
      const path = authPath(request);
      const call = authCallOf(request.method, path);
      if (call?.limited) await limit.call(app, request, reply);
      // The library reads its own session: one past its absolute lifetime is ended before it does.
      if (call?.access === 'signed-in') await endOutlivedSession(app, auth, request);
      // Sign-in attempts also count per address whatever the email, so one address cannot try a
      // common password on many accounts (password spraying).
      if (path === '/sign-in/email' && request.method === 'POST') {
        await refuseOverLimit(app.rateLimitCounts, reply, {
          key: `sign-in-any:${addressKey(request.ip)}`,
          max: options.signInPerAddress,
          windowMs: FIVE_MINUTES_MS,
          message: 'Too many sign-in attempts from your network.',
        });
      }
      if (path === '/sign-in/email' && request.method === 'POST') await refuseWhileSignInLocked(app, request, reply);
      if (call?.mails) {
        const counted = await perEmail(request);
        if (!counted.isAllowed && counted.isExceeded) {
          reply.header('retry-after', String(counted.ttlInSeconds));
          throw new AppError(
            'rate_limited',
            `Too many attempts. Please wait ${Math.ceil(counted.ttlInSeconds / 60)} minutes and try again.`,
          );
        }
      }
    },
    async handler(request, reply) {
      const path = authPath(request);
      if (!authCallOf(request.method, path)) {
        // Someone trying the library's other calls: worth a line, not an alarm.
        request.log.info({ authProbe: path, method: request.method }, 'sign-in call that the product does not offer');
        throw notFound('Sign-in call');
      }
      const started = Date.now();
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || name === 'content-length') continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const caller = await beforeSecondFactorCall(app, auth, request, reply, path);
      const checked = request.method === 'POST' ? await checkedBody(app, auth, request, path, request.body) : undefined;
      const body = checked ? libraryBody(checked.body) : undefined;
      if (body !== undefined) headers.set('content-type', 'application/json');
      const url = libraryUrl(request, path, app.config.publicUrl);
      const response = await withRequestLog(request.log, () =>
        auth.handler(new Request(url, { method: request.method, headers, body })),
      ).catch(async (err: unknown) => {
        throw await app.databaseOutage.toThrow(err);
      });
      // The library answers a database failure with its own 500: an outage is a 503.
      if (response.status >= 500 && (await app.databaseOutage.explains())) throw databaseUnavailable();
      const errorCode = response.ok ? undefined : await libraryErrorCode(response);
      await afterSecondFactorCall(app, request, path, caller, { ok: response.ok, errorCode });
      await afterCall(app, request, path, checked, { ok: response.ok, errorCode });
      if (path === '/request-password-reset') {
        const wait = PASSWORD_RESET_ANSWER_MS - (Date.now() - started);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      return sendResponse(reply, response, path);
    },
  });
}

/** The library's error code in a refusal, read from a copy of the answer. */
async function libraryErrorCode(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

const signInEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
};

/**
 * An account with many failed sign-ins lately, from whatever addresses, is locked for a while: 30 s
 * after the tenth in 15 minutes (limits.signInFailuresPerAccount), twice as long after each further one, up to 15 minutes. Even the
 * right password waits (it is what a guesser would find), and the person is told how long.
 */
async function refuseWhileSignInLocked(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const email = signInEmail(request);
  if (!email) return;
  const locked = await app.rateLimitCounts.peek(`sign-in-lock:${email}`);
  if (!locked) return;
  const seconds = Math.max(1, Math.ceil(locked.ttl / 1000));
  reply.header('retry-after', String(seconds));
  throw new AppError(
    'rate_limited',
    `Too many failed sign-ins for this account. Please wait ${waitInWords(seconds)} and try again, or set a new password with 'Forgot password?'.`,
  );
}

async function countSignInFailure(app: FastifyInstance, request: FastifyRequest) {
  const email = signInEmail(request);
  if (!email) return;
  const failures = (await app.rateLimitCounts.count(`sign-in-failures:${email}`, LOCK_MAX_MS)).current;
  authEvent(request, 'sign-in-failed', email, { failures });
  const allowed = app.config.limits.signInFailuresPerAccount;
  if (failures < allowed) return;
  const lockMs = Math.min(LOCK_MAX_MS, LOCK_FIRST_MS * 2 ** Math.min(20, failures - allowed));
  await app.rateLimitCounts.count(`sign-in-lock:${email}`, lockMs);
  authEvent(request, 'sign-in-locked', email, { failures, lockSeconds: Math.ceil(lockMs / 1000) });
}

/** What follows a call the library has answered: counts, links ended, mails and log lines. */
async function afterCall(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
  checked: Checked | undefined,
  outcome: { ok: boolean; errorCode?: string },
) {
  if (path === '/sign-in/email' && outcome.errorCode === 'INVALID_EMAIL_OR_PASSWORD') await countSignInFailure(app, request);
  if (path === '/sign-up/email' && outcome.errorCode?.startsWith('USER_ALREADY_EXISTS')) await offerSetUp(app, request);
  if (path === '/request-password-reset' && outcome.ok) authEvent(request, 'password-reset-requested', signInEmail(request) ?? null);
  const owner = checked?.owner;
  if (!outcome.ok || !owner?.id) return;
  const who = { userId: owner.id, email: owner.email, name: owner.name };
  if (path === '/change-password') {
    // An older reset link must not undo the new password.
    await endResetLinks(app.db, owner.id);
    authEvent(request, 'password-changed', owner.email);
    await mailSecurityNotice(app, who, 'password-changed');
  } else if (path === '/reset-password') {
    authEvent(request, 'password-reset-done', owner.email);
    await mailSecurityNotice(app, who, 'password-reset');
  }
}

/**
 * A sign-up that meets an account not yet confirmed answers as the spec says ('already exists'), and
 * mails the address a link to finish setting the account up, so the mailbox owner can take it over
 * from whoever signed up first. A confirmed account gets nothing: the answer is the same.
 */
async function offerSetUp(app: FastifyInstance, request: FastifyRequest) {
  const email = signInEmail(request);
  if (!email) return;
  const [found] = await app.db
    .select({ id: account.id, email: account.email, name: account.name, emailVerified: account.emailVerified })
    .from(account)
    .where(eq(account.email, email));
  if (!found || found.emailVerified) return;
  const sent = await mailSetUpLink(app.db, await app.mailSite(), { ...found, admin: app.config.adminEmails.includes(email) });
  if (sent) authEvent(request, 'account-set-up-link-sent', email);
}

function authPath(request: FastifyRequest): string {
  return (request.url.split('?')[0] ?? '').replace(/^\/api\/auth/, '');
}

async function sendResponse(reply: FastifyReply, response: Response, path: string) {
  const text = await response.text();
  if (response.status >= 400) {
    let body: { code?: string; message?: string } = {};
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the status alone says what happened
    }
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    throw translateError(path, response.status, body);
  }
  reply.code(response.status);
  // A password sign-in waiting for its code made no session: the library's bearer header would name
  // the one the two-factor plugin has just deleted.
  const waitsForCode = path === '/sign-in/email' && text.includes('"twoFactorRedirect"');
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    if (waitsForCode && name === 'set-auth-token') return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(text);
}
