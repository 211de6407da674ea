import { and, eq, getTableColumns, or, type SQL } from 'drizzle-orm';
import type { OutboxListQuery, OutboxMessage } from '../../../shared/outbox.ts';
import type { Database } from '../../db/client.ts';
import { after, cursorFrom, cursorKey, newestFirst, nextCursor, orderOf } from '../../db/cursor.ts';
import { outboxMessage } from '../../db/schema.ts';
import { contains } from '../../db/search.ts';
import { listTotal } from '../../db/totals.ts';
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
    const match = or(contains(outboxMessage.to, query.q), contains(outboxMessage.subject, query.q));
    if (match) conditions.push(match);
  }
  if (query.status) conditions.push(eq(outboxMessage.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const keys = newestFirst(outboxMessage.createdAt, outboxMessage.id);
  const from = cursorFrom(query.cursor, keys);
  const [rows, total] = await Promise.all([
    db
      .select({ ...getTableColumns(outboxMessage), cursorKey: cursorKey(keys) })
      .from(outboxMessage)
      .where(and(where, from && after(keys, from)))
      .orderBy(...orderOf(keys))
      .limit(query.limit)
      .offset(query.offset),
    // Unsearched, the total the triggers keep (of every message, or of those in the status asked for).
    listTotal(db, outboxMessage, query.q ? where : undefined, query.status ? `outbox_message:${query.status}` : 'outbox_message'),
  ]);
  return { messages: rows.map(toMessage), total, next: nextCursor(rows, query.limit) };
}

export async function sendMessageAgain(db: Database, id: string): Promise<OutboxMessage | undefined> {
  const row = await sendAgain(db, id);
  return row && toMessage(row);
}

export async function findOutboxMessage(db: Database, id: string) {
  const [row] = await db.select().from(outboxMessage).where(eq(outboxMessage.id, id));
  return row && toMessage(row);
}
