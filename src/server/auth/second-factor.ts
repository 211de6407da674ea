import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { session } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Auth } from './auth.ts';

/** The session a two-factor call was made on, when the call needs to know it. */
export interface SecondFactorCaller {
  sessionId: string;
}

const CONFIRMING = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
/** Calls for the signed-in only: refused as signed out before their body is looked at, like every signed-in route. */
const SIGNED_IN = new Set(['/two-factor/enable', '/two-factor/generate-backup-codes', '/two-factor/disable']);

/**
 * Before the sign-in library handles a two-factor call: an admin under ADMIN_MFA=required may not
 * turn two-step sign-in off, and a code entered on a session is remembered against that session.
 */
export async function beforeSecondFactorCall(
  app: FastifyInstance,
  auth: Auth,
  request: FastifyRequest,
  path: string,
): Promise<SecondFactorCaller | undefined> {
  if (!SIGNED_IN.has(path) && !CONFIRMING.has(path)) return undefined;
  const found =
    request.headers.cookie || request.headers.authorization
      ? await auth.api.getSession({ headers: fromNodeHeaders(request.headers) })
      : null;
  if (!found) {
    if (SIGNED_IN.has(path)) throw new AppError('unauthenticated', 'Please sign in first');
    return undefined;
  }
  if (path === '/two-factor/disable' && app.config.adminMfa === 'required' && (found.user as { role?: unknown }).role === 'admin') {
    throw new AppError('forbidden', 'Admins keep two-step sign-in on: this server requires it for admin pages (ADMIN_MFA=required)');
  }
  return { sessionId: found.session.id };
}

/**
 * After a code was accepted on a signed-in session (a sign-in through Google or OpenID Connect does
 * not pass through the plugin's check), the session counts as having passed the second factor.
 */
export async function afterSecondFactorCall(app: FastifyInstance, path: string, caller: SecondFactorCaller | undefined) {
  if (!caller || !CONFIRMING.has(path)) return;
  await app.db.update(session).set({ secondFactor: true }).where(eq(session.id, caller.sessionId));
}
