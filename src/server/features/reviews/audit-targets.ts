import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { review } from '../../db/schema.ts';
import type { AuditNote } from '../audit/record.ts';
import { pathRecordId as param } from '../audit/record.ts';

/** The review an admin action is about, read before it. Each reader answers null when there is no such record: nothing is recorded. */

export async function reviewOfPath(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const id = param(request, 'id');
  if (!id) return null;
  const [found] = await db.select({ id: review.id, email: review.email, status: review.status }).from(review).where(eq(review.id, id));
  return found ? { target: { kind: 'review', id: found.id, label: `Review by ${found.email}` }, details: { from: found.status } } : null;
}
