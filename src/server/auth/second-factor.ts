import { fromNodeHeaders } from 'better-auth/node';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { account, session, twoFactor } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { waitInWords } from '../http/limits.ts';
import type { Auth } from './auth.ts';
import { authEvent } from './auth-events.ts';
import { claimCodeStep } from './code-steps.ts';
import { mailSecurityNotice } from './security-mail.ts';
import { twoFactorCookieOwner } from './two-factor-cookie.ts';

/** Who a two-factor call is for. */
export interface SecondFactorCaller {
  userId: string;
  email: string;
  name: string;
  /** The signed-in session the call was made on; absent for a code that finishes a password sign-in. */
  sessionId?: string;
  /** Two-step sign-in was on before the call (a confirmed code then did not turn it on). */
  enabledBefore: boolean;
}

const CONFIRMING = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
/** Calls for the signed-in only: refused as signed out before their body is looked at, like every signed-in route. */
const SIGNED_IN = new Set(['/two-factor/enable', '/two-factor/generate-backup-codes', '/two-factor/disable']);
/** Failed codes, on any path, before the account's two-step sign-in locks (the library's own number, kept). */
export const CODE_FAILURES_BEFORE_LOCK = 10;
export const CODE_LOCK_MS = 15 * 60 * 1000;

const passFirst = () =>
  new AppError('forbidden', 'Enter a code from your authenticator app first: changing two-step sign-in needs a sign-in that passed it.');

/**
 * Before the sign-in library handles a two-factor call:
 * - the recovery codes, turning it off and enrolling again need a session that passed the second
 *   factor (else the password alone would mint codes that pass it);
 * - an address not yet confirmed cannot enrol (its mailbox owner may not be the one signed in);
 * - an admin under ADMIN_MFA=required may not turn it off;
 * - a locked account's codes are refused on every path, and each authenticator time-step is
 *   accepted once per account.
 */
export async function beforeSecondFactorCall(
  app: FastifyInstance,
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<SecondFactorCaller | undefined> {
  if (!SIGNED_IN.has(path) && !CONFIRMING.has(path)) return undefined;
  const found =
    request.headers.cookie || request.headers.authorization
      ? await auth.api.getSession({ headers: fromNodeHeaders(request.headers) })
      : null;
  if (!found && SIGNED_IN.has(path)) throw new AppError('unauthenticated', 'Please sign in first');
  const user = found?.user as {
    id: string;
    email: string;
    name: string;
    role?: unknown;
    twoFactorEnabled?: unknown;
    emailVerified?: unknown;
  };
  const passed = (found?.session as { secondFactor?: unknown } | undefined)?.secondFactor === true;
  if (found) {
    if (path === '/two-factor/disable' && app.config.adminMfa === 'required' && user.role === 'admin') {
      throw new AppError('forbidden', 'Admins keep two-step sign-in on: this server requires it for admin pages (ADMIN_MFA=required)');
    }
    // With two-step sign-in off there are no codes to protect (the library answers such calls itself).
    if (SIGNED_IN.has(path) && user.twoFactorEnabled === true && !passed) throw passFirst();
    if (path === '/two-factor/enable' && user.emailVerified !== true) {
      throw new AppError('conflict', 'Confirm your email address first: open the link we mailed you, then set up two-step sign-in.');
    }
  }
  let caller: SecondFactorCaller | undefined;
  if (found) {
    caller = {
      userId: user.id,
      email: user.email,
      name: user.name,
      sessionId: found.session.id,
      enabledBefore: user.twoFactorEnabled === true,
    };
  } else {
    const userId = await twoFactorCookieOwner(auth, request.headers.cookie);
    if (!userId) return undefined;
    const [owner] = await app.db
      .select({ email: account.email, name: account.name, twoFactorEnabled: account.twoFactorEnabled })
      .from(account)
      .where(eq(account.id, userId));
    if (!owner) return undefined;
    caller = { userId, email: owner.email, name: owner.name, enabledBefore: owner.twoFactorEnabled };
  }
  if (CONFIRMING.has(path)) {
    await refuseWhileLocked(app, reply, caller.userId);
    const code = (request.body as { code?: unknown } | undefined)?.code;
    if (path === '/two-factor/verify-totp' && typeof code === 'string') {
      const claimed = await claimCodeStep(app.db, auth, caller.userId, code.trim());
      if (claimed === 'used') {
        await recordCodeFailure(app, request, caller);
        const message = 'That code was already used. Wait for the app to show the next code, then enter that one.';
        throw new AppError('invalid_input', message, { code: message });
      }
    }
  }
  return caller;
}

/**
 * After the library answered a two-factor call: a code accepted on a signed-in session marks it as
 * having passed the second factor (a Google or OpenID Connect sign-in never went through the
 * plugin's check); a wrong code counts against the account on this path too (the plugin counts
 * only at sign-in); and every change to two-step sign-in is mailed to the account.
 */
export async function afterSecondFactorCall(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
  caller: SecondFactorCaller | undefined,
  outcome: { ok: boolean; errorCode?: string },
) {
  if (!caller) return;
  if (CONFIRMING.has(path)) {
    if (!outcome.ok) {
      if (outcome.errorCode === 'INVALID_CODE' || outcome.errorCode === 'INVALID_BACKUP_CODE') {
        // At a password sign-in the plugin counted it already (the same columns); signed in, it does not.
        if (caller.sessionId) await recordCodeFailure(app, request, caller);
        else await logIfLocked(app, request, caller);
        authEvent(request, 'second-factor-code-failed', caller.email, { path });
      }
      return;
    }
    if (caller.sessionId) {
      await app.db.update(session).set({ secondFactor: true }).where(eq(session.id, caller.sessionId));
      await app.db.update(twoFactor).set({ failedVerificationCount: 0, lockedUntil: null }).where(eq(twoFactor.userId, caller.userId));
    }
    if (path === '/two-factor/verify-totp' && !caller.enabledBefore) {
      authEvent(request, 'second-factor-enabled', caller.email);
      await mailSecurityNotice(app, caller, 'second-factor-on');
    }
    return;
  }
  if (!outcome.ok) return;
  if (path === '/two-factor/generate-backup-codes') {
    authEvent(request, 'recovery-codes-regenerated', caller.email);
    await mailSecurityNotice(app, caller, 'recovery-codes');
  } else if (path === '/two-factor/disable') {
    authEvent(request, 'second-factor-disabled', caller.email);
    await mailSecurityNotice(app, caller, 'second-factor-off');
  }
}

/** A locked account's codes are refused before they are checked, whichever path they come by. */
async function refuseWhileLocked(app: FastifyInstance, reply: FastifyReply, userId: string) {
  const [row] = await app.db.select({ lockedUntil: twoFactor.lockedUntil }).from(twoFactor).where(eq(twoFactor.userId, userId));
  const until = row?.lockedUntil?.getTime();
  if (until === undefined) return;
  if (until <= Date.now()) {
    // The lock has run out: the count starts again (as the plugin does at sign-in).
    await app.db
      .update(twoFactor)
      .set({ failedVerificationCount: 0, lockedUntil: null })
      .where(and(eq(twoFactor.userId, userId), eq(twoFactor.lockedUntil, row?.lockedUntil as Date)));
    return;
  }
  const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  reply.header('retry-after', String(seconds));
  throw new AppError(
    'rate_limited',
    `Too many wrong codes: two-step sign-in is locked. Please wait ${waitInWords(seconds)} and try again.`,
  );
}

/** One wrong code against the account, in one statement; the tenth in a row locks it for 15 minutes. */
async function recordCodeFailure(app: FastifyInstance, request: FastifyRequest, caller: SecondFactorCaller) {
  const [row] = await app.db
    .update(twoFactor)
    .set({
      failedVerificationCount: sql`${twoFactor.failedVerificationCount} + 1`,
      lockedUntil: sql`case when ${twoFactor.failedVerificationCount} + 1 >= ${CODE_FAILURES_BEFORE_LOCK}
        then now() + ${`${CODE_LOCK_MS} milliseconds`}::interval else ${twoFactor.lockedUntil} end`,
    })
    .where(eq(twoFactor.userId, caller.userId))
    .returning({ failures: twoFactor.failedVerificationCount });
  if (row && row.failures === CODE_FAILURES_BEFORE_LOCK) authEvent(request, 'second-factor-locked', caller.email);
}

async function logIfLocked(app: FastifyInstance, request: FastifyRequest, caller: SecondFactorCaller) {
  const [row] = await app.db
    .select({ id: twoFactor.id })
    .from(twoFactor)
    .where(
      and(
        eq(twoFactor.userId, caller.userId),
        eq(twoFactor.failedVerificationCount, CODE_FAILURES_BEFORE_LOCK),
        gt(twoFactor.lockedUntil, new Date()),
      ),
    );
  if (row) authEvent(request, 'second-factor-locked', caller.email);
}
