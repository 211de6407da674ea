import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { notice } from '../../db/schema.ts';
import type { AuditNote } from '../audit/record.ts';
import { pathRecordId as param } from '../audit/record.ts';

/** The notice an admin action is about, read before it. Each reader answers null when there is no such record: nothing is recorded. */

const short = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export async function noticeOfPath(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const id = param(request, 'id');
  if (!id) return null;
  const [found] = await db.select({ id: notice.id, text: notice.notice }).from(notice).where(eq(notice.id, id));
  return found ? { target: { kind: 'notice', id: found.id, label: short(found.text) } } : null;
}
