import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { event } from '../../db/schema.ts';
import type { AuditNote } from '../audit/record.ts';
import { pathRecordId as param } from '../audit/record.ts';

/** The event an admin action is about, read before it (a deleted event keeps its title in the log). Each reader answers null when there is no such record: nothing is recorded. */

export async function eventTarget(db: Database, id: string | null): Promise<AuditNote | null> {
  if (!id) return null;
  const [found] = await db.select({ id: event.id, title: event.title, date: event.date }).from(event).where(eq(event.id, id));
  return found ? { target: { kind: 'event', id: found.id, label: found.title }, details: { date: found.date } } : null;
}

/** `/events/{id}…`: the event. */
export const eventOfPath = (request: FastifyRequest, db: Database) => eventTarget(db, param(request, 'id'));
