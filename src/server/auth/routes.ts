import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, codeByStatus, notFound } from '../errors.ts';
import { refuseOverLimit } from '../http/limits.ts';
import { withRequestLog } from '../http/logger.ts';
import { databaseUnavailable } from '../http/outage.ts';
import type { Auth } from './auth.ts';
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
import { afterSecondFactorCall, beforeSecondFactorCall } from './second-factor.ts';
import { endOutlivedSession } from './session-hook.ts';
import { commonPasswordMessage, isCommonPassword } from './common-passwords.ts';

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

function refuseCommon(password: string, field: string) {
  if (isCommonPassword(password)) throw new AppError('invalid_input', commonPasswordMessage, { [field]: commonPasswordMessage });
}

/**
 * The body the sign-in library gets: for the calls that create accounts or sessions, only the
 * fields the product allows (a sign-up cannot choose its own picture URL or role).
 */
function checkedBody(path: string, body: unknown): unknown {
  switch (path) {
    case '/sign-up/email': {
      const parsed = parseBody(signUpBody, body);
      refuseCommon(parsed.password, 'password');
      return parsed;
    }
    case '/sign-in/email':
      return parseBody(signInBody, body);
    // The plugin's own issuer stays; the method is always the authenticator app.
    case '/two-factor/enable':
      return { ...parseBody(passwordOnlyBody, body), method: 'totp' };
    case '/two-factor/generate-backup-codes':
    case '/two-factor/disable':
      return parseBody(passwordOnlyBody, body);
    case '/two-factor/verify-totp':
    case '/two-factor/verify-backup-code':
      return parseBody(secondFactorCodeBody, body);
    case '/change-password': {
      const parsed = parseBody(changePasswordBody, body);
      refuseCommon(parsed.newPassword, 'newPassword');
      // Changing the password signs out every other session.
      return { ...parsed, revokeOtherSessions: true };
    }
    // Without callbackURL / redirectTo: the links in the mail lead to the product's own pages.
    case '/send-verification-email':
    case '/request-password-reset':
      return parseBody(emailOnlyBody, body);
    case '/reset-password': {
      const parsed = parseBody(resetPasswordBody, body);
      refuseCommon(parsed.newPassword, 'newPassword');
      return parsed;
    }
    default:
      return body;
  }
}

/**
 * The checked body as the text the library reads. A body nested deeper than it can be written again
 * (thousands of levels, in a key the library passes on) is invalid input, not a failure of ours.
 */
function libraryBody(path: string, body: unknown): string {
  const checked = checkedBody(path, body) ?? {};
  let text: string;
  try {
    text = JSON.stringify(checked);
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
        ? `sign-in:${request.ip}:${email.trim().toLowerCase()}`
        : `${path}:${request.ip}`;
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
          key: `sign-in-any:${request.ip}`,
          max: options.signInPerAddress,
          windowMs: FIVE_MINUTES_MS,
          message: 'Too many sign-in attempts from your network.',
        });
      }
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
      if (!authCallOf(request.method, path)) throw notFound('Sign-in call');
      const started = Date.now();
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || name === 'content-length') continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const caller = await beforeSecondFactorCall(app, auth, request, path);
      const body = request.method === 'POST' ? libraryBody(path, request.body) : undefined;
      if (body !== undefined) headers.set('content-type', 'application/json');
      const url = libraryUrl(request, path, app.config.publicUrl);
      const response = await withRequestLog(request.log, () =>
        auth.handler(new Request(url, { method: request.method, headers, body })),
      ).catch(async (err: unknown) => {
        throw await app.databaseOutage.toThrow(err);
      });
      // The library answers a database failure with its own 500: an outage is a 503.
      if (response.status >= 500 && (await app.databaseOutage.explains())) throw databaseUnavailable();
      if (response.ok) await afterSecondFactorCall(app, path, caller);
      if (path === '/request-password-reset') {
        const wait = PASSWORD_RESET_ANSWER_MS - (Date.now() - started);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      return sendResponse(reply, response, path);
    },
  });
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
