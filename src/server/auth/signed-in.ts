import type { FastifyRequest } from 'fastify';
import type { Role } from '../../shared/accounts.ts';
import { AppError } from '../errors.ts';

/** Who is calling, as the server established it from the session: never from the payload. */
export interface SignedInAccount {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: Role;
}

export function requireSignedIn(request: FastifyRequest): SignedInAccount {
  if (!request.account) throw new AppError('unauthenticated', 'Please sign in first');
  return request.account;
}

/** A route guard: `{ onRequest: requireRole('admin') }`. */
export function requireRole(...allowed: Role[]) {
  return async (request: FastifyRequest) => {
    const caller = requireSignedIn(request);
    if (!allowed.includes(caller.role)) throw new AppError('forbidden', 'You are not allowed to do this');
  };
}

/** The record belongs to the caller (by email or account id), or the caller is an admin. */
export function requireSelfOrAdmin(request: FastifyRequest, owner: { email?: string; id?: string }): SignedInAccount {
  const caller = requireSignedIn(request);
  const isSelf =
    (owner.email !== undefined && owner.email.toLowerCase() === caller.email) || (owner.id !== undefined && owner.id === caller.id);
  if (!isSelf && caller.role !== 'admin') throw new AppError('forbidden', 'You can only see or change your own records');
  return caller;
}

/**
 * Whose records an `{email}` route reads: the caller's own account when it is their email, or
 * everything made with that email when an admin asks about someone else.
 */
export function ownerOf(caller: SignedInAccount, email: string): { accountId: string } | { email: string } {
  return email.toLowerCase() === caller.email ? { accountId: caller.id } : { email };
}
