import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, codeByStatus, notFound } from '../errors.ts';
import { withRequestLog } from '../http/logger.ts';
import { databaseUnavailable } from '../http/outage.ts';
import type { Auth } from './auth.ts';
import { authCallOf, changePasswordBody, signInBody, signUpBody } from './calls.ts';
import { commonPasswordMessage, isCommonPassword } from './common-passwords.ts';

const FIVE_MINUTES_MS = 5 * 60 * 1000;

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
    case '/change-password': {
      const parsed = parseBody(changePasswordBody, body);
      refuseCommon(parsed.newPassword, 'newPassword');
      // Changing the password signs out every other session.
      return { ...parsed, revokeOtherSessions: true };
    }
    default:
      return body;
  }
}

/** The library's own error answers, in the product's error format, with clearer words where it matters. */
function translateError(status: number, body: { code?: string; message?: string }): AppError {
  if (body.code === 'USER_ALREADY_EXISTS' || body.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
    return new AppError('conflict', 'An account with this email already exists', { email: 'An account with this email already exists' });
  }
  if (body.code === 'INVALID_EMAIL_OR_PASSWORD') return new AppError('unauthenticated', 'Invalid email or password');
  const code = codeByStatus[status] ?? (status >= 500 ? 'internal' : 'invalid_input');
  return new AppError(code, body.message || 'The sign-in request was refused');
}

/** Mounts the sign-in library under /api/auth: the product's validation, rate limit and error format around it. */
export async function authRoutes(app: FastifyInstance, options: { auth: Auth; rateLimitMax: number }) {
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

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    // Public here: the library checks the session itself on the calls that need one. The API
    // reference describes this route call by call, from the table in calls.ts.
    config: { public: true },
    schema: { hide: true },
    async preHandler(request, reply) {
      if (authCallOf(request.method, authPath(request))?.limited) await limit.call(app, request, reply);
    },
    async handler(request, reply) {
      const path = authPath(request);
      if (!authCallOf(request.method, path)) throw notFound('Sign-in call');
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || name === 'content-length') continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const body = request.method === 'POST' ? JSON.stringify(checkedBody(path, request.body) ?? {}) : undefined;
      if (body !== undefined) headers.set('content-type', 'application/json');
      const response = await withRequestLog(request.log, () =>
        auth.handler(new Request(new URL(request.url, app.config.publicUrl), { method: request.method, headers, body })),
      ).catch(async (err: unknown) => {
        throw await app.databaseOutage.toThrow(err);
      });
      // The library answers a database failure with its own 500: an outage is a 503.
      if (response.status >= 500 && (await app.databaseOutage.explains())) throw databaseUnavailable();
      return sendResponse(reply, response);
    },
  });
}

function authPath(request: FastifyRequest): string {
  return (request.url.split('?')[0] ?? '').replace(/^\/api\/auth/, '');
}

async function sendResponse(reply: FastifyReply, response: Response) {
  const text = await response.text();
  if (response.status >= 400) {
    let body: { code?: string; message?: string } = {};
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the status alone says what happened
    }
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    throw translateError(response.status, body);
  }
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(text);
}
