import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleSchema } from '../../shared/accounts.ts';
import { session } from '../db/schema.ts';
import { withRequestLog } from '../http/logger.ts';
import type { ReplyCache } from '../http/reply-cache.ts';
import { type Auth, SESSION_LIFETIME_MS } from './auth.ts';
import type { SignedInAccount } from './signed-in.ts';

/** How long a session, once read, is trusted without reading it again, if nothing changes meanwhile. */
const SESSION_KEPT_MS = 30_000;
const MAX_SESSIONS_KEPT = 10_000;
/** What a session read is made of: a change to any other table leaves kept sessions alone. */
const SESSION_TABLES = ['session', 'account'];

interface KeptSession {
  account: SignedInAccount | null;
  version: number;
  until: number;
}

/** When a session stops working: its idle expiry, or its absolute lifetime since it was made, whichever is first. */
export function sessionEnd(found: { createdAt: Date | string; expiresAt: Date | string }): number {
  return Math.min(new Date(found.expiresAt).getTime(), new Date(found.createdAt).getTime() + SESSION_LIFETIME_MS);
}

/**
 * For the sign-in library's own calls that need a session (they read it themselves): a session past
 * its absolute lifetime is deleted first, so the library finds none and answers 401.
 */
export async function endOutlivedSession(app: FastifyInstance, auth: Auth, request: FastifyRequest) {
  const { cookie, authorization } = request.headers;
  if (!cookie && !authorization) return;
  const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).catch(async (err: unknown) => {
    throw await app.databaseOutage.toThrow(err);
  });
  if (found && sessionEnd(found.session) <= Date.now()) await app.db.delete(session).where(eq(session.id, found.session.id));
}

/**
 * Reads the session once per API request (cookie or `Authorization: Bearer`), so every route and
 * guard knows the caller. A request with neither costs nothing. A session read is kept in memory for
 * up to 30 s, and only while no session or account changes in the database: a sign-out, a revoked
 * session, a role change (here or on another instance, see reply-cache.ts) makes the next request read
 * it again. While changes cannot be seen (the listening connection is lost or silent), every request
 * reads it.
 */
export function registerSessionHook(app: FastifyInstance, auth: Auth, cache: ReplyCache) {
  const kept = new Map<string, KeptSession>();
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    const { cookie, authorization } = request.headers;
    if (!cookie && !authorization) return;
    // The sign-in library reads its own session on its own routes.
    if (request.url.startsWith('/api/auth/')) return;
    const key = `${cookie ?? ''}\n${authorization ?? ''}`;
    const now = Date.now();
    const known = kept.get(key);
    if (known && known.version === cache.stampOf(SESSION_TABLES) && known.until > now && cache.enabled) {
      request.account = known.account;
      return;
    }
    const version = cache.stampOf(SESSION_TABLES);
    const found = await withRequestLog(request.log, () => auth.api.getSession({ headers: fromNodeHeaders(request.headers) })).catch(
      async (err: unknown) => {
        // The library reports a database failure as its own 500: an outage is a 503.
        throw await app.databaseOutage.toThrow(err);
      },
    );
    let account: SignedInAccount | null = null;
    const endsAt = found ? sessionEnd(found.session) : Number.POSITIVE_INFINITY;
    if (found && endsAt <= Date.now()) {
      // Past its absolute lifetime, however often it was renewed: signed out for good.
      await app.db.delete(session).where(eq(session.id, found.session.id));
    } else if (found) {
      const role = roleSchema.safeParse((found.user as { role?: unknown }).role);
      const stored = role.success ? role.data : 'donator';
      const pending = stored === 'admin' && app.config.adminMfa === 'required' ? mfaPending(found) : undefined;
      account = {
        id: found.user.id,
        email: found.user.email,
        name: found.user.name,
        image: found.user.image ?? null,
        // Until the second factor is passed, an admin has no admin powers anywhere (guards and services alike).
        role: pending ? 'donator' : stored,
        ...(pending ? { mfaPending: pending } : {}),
      };
    }
    request.account = account;
    if (version !== cache.stampOf(SESSION_TABLES) || !cache.enabled) return;
    if (kept.size >= MAX_SESSIONS_KEPT) kept.clear();
    kept.set(key, { account, version, until: Math.min(now + SESSION_KEPT_MS, endsAt) });
  });
}

/** Why an admin session may not act as admin yet under ADMIN_MFA=required, if it may not. */
function mfaPending(found: {
  user: { twoFactorEnabled?: unknown };
  session: { secondFactor?: unknown };
}): 'set-up' | 'confirm' | undefined {
  if (found.user.twoFactorEnabled !== true) return 'set-up';
  if (found.session.secondFactor !== true) return 'confirm';
  return undefined;
}
