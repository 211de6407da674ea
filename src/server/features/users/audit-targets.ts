import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { account } from '../../db/schema.ts';
import type { AuditNote } from '../audit/record.ts';

/** The account an admin action is about, read before it, for the routes' `config.audit.target`. Each reader answers null when there is no such record: nothing is recorded. */

type Params = Record<string, string>;

export async function accountTarget(db: Database, where: { id: string } | { email: string }): Promise<AuditNote | null> {
  const [found] = await db
    .select({ id: account.id, email: account.email, role: account.role })
    .from(account)
    .where('id' in where ? eq(account.id, where.id) : eq(account.email, where.email.toLowerCase()));
  return found ? { target: { kind: 'account', id: found.id, label: found.email }, details: { role: found.role } } : null;
}

/**
 * `/…/{email}` read by an admin about someone else (their own is not recorded): the person, by their
 * account when there is one, else by the email asked about (donations made with it may outlive it).
 */
export async function personOfPath(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const email = ((request.params as Params).email ?? '').toLowerCase();
  if (!email || email === request.account?.email) return null;
  const found = await accountTarget(db, { email });
  return { target: found?.target ?? { kind: 'account', id: null, label: email } };
}

/** `/users/account/{id}` read by an admin about someone else: the account (its own is not recorded). */
export async function othersAccount(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const id = (request.params as Params).id ?? '';
  if (id === request.account?.id) return null;
  const found = await accountTarget(db, { id });
  return found && { target: found.target };
}

/** `PUT /users/role`: the account, and its role from and to. */
export async function roleChange(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const body = request.body as { email: string; role: string };
  const found = await accountTarget(db, { email: body.email });
  return found && { target: found.target, details: { from: found.details?.role, to: body.role } };
}
