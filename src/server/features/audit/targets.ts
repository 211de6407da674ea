import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { formatAmount } from '../../../shared/money.ts';
import type { Database } from '../../db/client.ts';
import { account, donation, event, notice, outboxMessage, registration, review } from '../../db/schema.ts';
import { recordId } from '../../http/record-id.ts';
import { readSiteSettings } from '../site/service.ts';
import type { AuditNote } from './record.ts';

/**
 * The records admin actions are about, read before the action (so a deleted record still has its
 * name in the log), for the routes' `config.audit.target`. Each answers null when there is no such
 * record: the action changed nothing, and nothing is recorded.
 */

type Params = Record<string, string>;
const param = (request: FastifyRequest, name: string) => recordId((request.params as Params)[name] ?? '');
const short = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export async function eventTarget(db: Database, id: string | null): Promise<AuditNote | null> {
  if (!id) return null;
  const [found] = await db.select({ id: event.id, title: event.title, date: event.date }).from(event).where(eq(event.id, id));
  return found ? { target: { kind: 'event', id: found.id, label: found.title }, details: { date: found.date } } : null;
}

/** `/events/{id}…`: the event. */
export const eventOfPath = (request: FastifyRequest, db: Database) => eventTarget(db, param(request, 'id'));

export async function accountTarget(db: Database, where: { id: string } | { email: string }): Promise<AuditNote | null> {
  const [found] = await db
    .select({ id: account.id, email: account.email, role: account.role })
    .from(account)
    .where('id' in where ? eq(account.id, where.id) : eq(account.email, where.email.toLowerCase()));
  return found ? { target: { kind: 'account', id: found.id, label: found.email }, details: { role: found.role } } : null;
}

export async function registrationTarget(db: Database, id: string | null): Promise<(AuditNote & { accountId: string }) | null> {
  if (!id) return null;
  const [found] = await db
    .select({ id: registration.id, accountId: registration.accountId, email: registration.email, title: event.title })
    .from(registration)
    .innerJoin(event, eq(event.id, registration.eventId))
    .where(eq(registration.id, id));
  return found
    ? { accountId: found.accountId, target: { kind: 'registration', id: found.id, label: `${found.email} at ${found.title}` } }
    : null;
}

/** `/register/{id}` cancelled: recorded when an admin cancels someone else's registration, not their own. */
export async function othersRegistration(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const found = await registrationTarget(db, param(request, 'id'));
  if (!found || found.accountId === request.account?.id) return null;
  return { target: found.target };
}

/** `/checkin/{registrationId}`: the person at the door. */
export async function checkinOfPath(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const found = await registrationTarget(db, param(request, 'registrationId'));
  return found && { target: found.target };
}

export async function reviewOfPath(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const id = param(request, 'id');
  if (!id) return null;
  const [found] = await db.select({ id: review.id, email: review.email, status: review.status }).from(review).where(eq(review.id, id));
  return found ? { target: { kind: 'review', id: found.id, label: `Review by ${found.email}` }, details: { from: found.status } } : null;
}

export async function noticeOfPath(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const id = param(request, 'id');
  if (!id) return null;
  const [found] = await db.select({ id: notice.id, text: notice.notice }).from(notice).where(eq(notice.id, id));
  return found ? { target: { kind: 'notice', id: found.id, label: short(found.text) } } : null;
}

async function donationTarget(db: Database, id: string | null): Promise<(AuditNote & { accountId: string | null }) | null> {
  if (!id) return null;
  const [found] = await db
    .select({
      id: donation.id,
      accountId: donation.accountId,
      email: donation.email,
      cents: donation.amountCents,
      currency: donation.currency,
      title: donation.eventTitle,
    })
    .from(donation)
    .where(eq(donation.id, id));
  if (!found) return null;
  return {
    accountId: found.accountId,
    target: { kind: 'donation', id: found.id, label: `${formatAmount(found.cents, found.currency)} by ${found.email} for ${found.title}` },
    details: { amountCents: found.cents, currency: found.currency },
  };
}

export async function donationOfPath(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const found = await donationTarget(db, param(request, 'id'));
  return found && { target: found.target, details: found.details };
}

/** `/payment/{id}/receipt…` read: recorded when an admin reads someone else's donation, not their own. */
export async function othersDonation(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const found = await donationTarget(db, param(request, 'id'));
  if (!found || found.accountId === request.account?.id) return null;
  return { target: found.target };
}

export async function outboxOfPath(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const id = param(request, 'id');
  if (!id) return null;
  const [found] = await db
    .select({ id: outboxMessage.id, to: outboxMessage.to, kind: outboxMessage.kind })
    .from(outboxMessage)
    .where(eq(outboxMessage.id, id));
  return found ? { target: { kind: 'message', id: found.id, label: found.to }, details: { kind: found.kind } } : null;
}

/** The settings being saved: which fields change, by name (their values can be long texts: policies). */
export async function settingsChange(request: FastifyRequest, db: Database): Promise<AuditNote> {
  const before = (await readSiteSettings(db)) as Record<string, unknown>;
  const after = request.body as Record<string, unknown>;
  const changed = Object.keys(after).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  return { target: { kind: 'settings', id: null, label: 'Site settings' }, details: { changed } };
}

/** A list read: what it was asked for (search, filters, sort, and the page: limit, offset, cursor), not what it answered. */
export async function queryOf(request: FastifyRequest): Promise<AuditNote> {
  return { details: { ...(request.query as Record<string, unknown>) } };
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
