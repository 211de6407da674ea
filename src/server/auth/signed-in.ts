import type { FastifyRequest, RouteOptions } from 'fastify';
import type { Role } from '../../shared/accounts.ts';
import { AppError } from '../errors.ts';

/** Who is calling, as the server established it from the session: never from the payload. */
export interface SignedInAccount {
  id: string;
  email: string;
  name: string;
  image: string | null;
  /** What counts for access: an admin waiting for the second factor (see `mfaPending`) counts as a donator. */
  role: Role;
  /**
   * An admin account under ADMIN_MFA=required that may not act as admin yet: `set-up` when it has no
   * second factor, `confirm` when it has one but this session did not pass it (Google/OpenID sign-in).
   */
  mfaPending?: 'set-up' | 'confirm';
}

/** The refusal of an admin call to an admin whose second factor is missing or not passed. */
export function mfaRequired(pending: 'set-up' | 'confirm'): AppError {
  return pending === 'set-up'
    ? new AppError('mfa_required', 'Set up two-step sign-in to use admin pages', undefined, { reason: pending })
    : new AppError('mfa_required', 'Enter a code from your authenticator app to use admin pages', undefined, { reason: pending });
}

/**
 * Who may call a route. A route says it with `config: { public: true }` or one of the guards below;
 * saying nothing means any signed-in account. The API reference reads the same declarations.
 */
export type Access = 'public' | 'signed-in' | 'self-or-admin' | 'event-staff-or-admin' | { roles: readonly Role[] };

/** A route guard (`{ onRequest: guard }`) that carries whom it admits, so the reference cannot say otherwise. */
export type Guard = ((request: FastifyRequest) => Promise<void>) & { readonly access: Access };

export function requireSignedIn(request: FastifyRequest): SignedInAccount {
  if (!request.account) throw new AppError('unauthenticated', 'Please sign in first');
  return request.account;
}

/** A route guard: `{ onRequest: requireRole('admin') }`. */
export function requireRole(...allowed: Role[]): Guard {
  const guard = async (request: FastifyRequest) => {
    const caller = requireSignedIn(request);
    if (!allowed.includes(caller.role)) {
      if (caller.mfaPending && allowed.includes('admin')) throw mfaRequired(caller.mfaPending);
      throw new AppError('forbidden', 'You are not allowed to do this');
    }
  };
  return Object.assign(guard, { access: { roles: allowed } });
}

/**
 * An admin, or an admin who has not yet passed or set up the second factor: for the few calls a new
 * install's admin makes before anything else (a test email, decision 047). Everyone else is refused.
 */
export const adminEvenBeforeSecondFactor: Guard = Object.assign(
  async (request: FastifyRequest) => {
    const caller = requireSignedIn(request);
    if (caller.role !== 'admin' && !caller.mfaPending) throw new AppError('forbidden', 'You are not allowed to do this');
  },
  { access: { roles: ['admin'] } as const },
);

/**
 * The guard of a route about one account's records: `{ onRequest: selfOrAdmin }`. It admits the
 * signed-in; the handler (or, where the owner is on the row, the service) then refuses anyone but
 * the owner and admins, with `requireSelfOrAdmin` once it knows whose record it is.
 */
export const selfOrAdmin: Guard = Object.assign(
  async (request: FastifyRequest) => {
    requireSignedIn(request);
  },
  { access: 'self-or-admin' as const },
);

/**
 * The guard of a route about one event's door or roster: `{ onRequest: eventStaffOrAdmin }`. It admits
 * the signed-in; the handler then refuses anyone but admins and the people an admin named to run that
 * event's door (`requireEventStaffOrAdmin`, features/staff), once it knows the event.
 */
export const eventStaffOrAdmin: Guard = Object.assign(
  async (request: FastifyRequest) => {
    requireSignedIn(request);
  },
  { access: 'event-staff-or-admin' as const },
);

/** The record belongs to the caller (by email or account id), or the caller is an admin. */
export function requireSelfOrAdmin(request: FastifyRequest, owner: { email?: string; id?: string }): SignedInAccount {
  const caller = requireSignedIn(request);
  const isSelf =
    (owner.email !== undefined && owner.email.toLowerCase() === caller.email) || (owner.id !== undefined && owner.id === caller.id);
  if (!isSelf && caller.mfaPending) throw mfaRequired(caller.mfaPending);
  if (!isSelf && caller.role !== 'admin') throw new AppError('forbidden', 'You can only see or change your own records');
  return caller;
}

/**
 * The same rule where a service has just read whose record it is (a registration's, a signature's, a
 * donation's account): the owner or an admin, else 403. `ownerId` null: an account since deleted, whose
 * records only admins see.
 */
export function refuseUnlessSelfOrAdmin(caller: SignedInAccount, ownerId: string | null): void {
  if (ownerId !== caller.id && caller.role !== 'admin') throw new AppError('forbidden', 'You can only see or change your own records');
}

/**
 * Whose records an `{email}` route reads: the caller's own account when it is their email, or
 * everything made with that email when an admin asks about someone else.
 */
export function ownerOf(caller: SignedInAccount, email: string): { accountId: string } | { email: string } {
  return email.toLowerCase() === caller.email ? { accountId: caller.id } : { email };
}

const isGuard = (hook: unknown): hook is Guard => typeof hook === 'function' && 'access' in hook;

/** Who may call a route, read from what enforces it: `config.public`, its guard, or signed in by default. */
export function accessOf(route: Pick<RouteOptions, 'config' | 'onRequest'>): Access {
  const guards = [route.onRequest ?? []].flat().filter(isGuard);
  const isPublic = (route.config as { public?: boolean } | undefined)?.public === true;
  if (guards.length > 1 || (isPublic && guards.length > 0)) throw new Error('a route says who may call it once');
  return isPublic ? 'public' : (guards[0]?.access ?? 'signed-in');
}
