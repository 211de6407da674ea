import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { OutboxListQuery, OutboxMessage } from '../../../shared/outbox.ts';
import type { Database } from '../../db/client.ts';
import { outboxMessage } from '../../db/schema.ts';
import { containsPattern } from '../../db/search.ts';
import { sendAgain } from '../../mail/outbox.ts';

function toMessage(row: typeof outboxMessage.$inferSelect): OutboxMessage {
  return {
    _id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  };
}

export async function listOutbox(db: Database, query: OutboxListQuery) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const match = or(ilike(outboxMessage.to, pattern), ilike(outboxMessage.subject, pattern));
    if (match) conditions.push(match);
  }
  if (query.status) conditions.push(eq(outboxMessage.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboxMessage)
      .where(where)
      .orderBy(desc(outboxMessage.createdAt), desc(outboxMessage.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(outboxMessage).where(where),
  ]);
  return { messages: rows.map(toMessage), total: total?.value ?? 0 };
}

export async function sendMessageAgain(db: Database, id: string): Promise<OutboxMessage | undefined> {
  const row = await sendAgain(db, id);
  return row && toMessage(row);
}

export async function findOutboxMessage(db: Database, id: string) {
  const [row] = await db.select().from(outboxMessage).where(eq(outboxMessage.id, id));
  return row && toMessage(row);
}
