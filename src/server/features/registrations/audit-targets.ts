import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { event, registration } from '../../db/schema.ts';
import type { AuditNote } from '../audit/record.ts';
import { pathRecordId as param } from '../audit/record.ts';

/** The registration an admin action is about (its person and event), read before it. Each reader answers null when there is no such record: nothing is recorded. */

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
