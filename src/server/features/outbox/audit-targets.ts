import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { outboxMessage } from '../../db/schema.ts';
import type { AuditNote } from '../audit/record.ts';
import { pathRecordId as param } from '../audit/record.ts';

/** The message an admin action is about, read before it. Each reader answers null when there is no such record: nothing is recorded. */

export async function outboxOfPath(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const id = param(request, 'id');
  if (!id) return null;
  const [found] = await db
    .select({ id: outboxMessage.id, to: outboxMessage.to, kind: outboxMessage.kind })
    .from(outboxMessage)
    .where(eq(outboxMessage.id, id));
  return found ? { target: { kind: 'message', id: found.id, label: found.to }, details: { kind: found.kind } } : null;
}
