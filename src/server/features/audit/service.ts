import { and, eq, getTableColumns, lt, or, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditListFilters, AuditListQuery } from '../../../shared/audit.ts';
import type { Database } from '../../db/client.ts';
import { after, cursorFrom, cursorKey, EXPORT_PAGE, type KeyValue, newestFirst, nextCursor, orderOf } from '../../db/cursor.ts';
import { auditEntry } from '../../db/schema.ts';
import { contains } from '../../db/search.ts';
import { listTotal } from '../../db/totals.ts';
import { csvPages } from '../../http/csv.ts';

const keys = newestFirst(auditEntry.at, auditEntry.id);

function toEntry(row: typeof auditEntry.$inferSelect): AuditEntry {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, email: row.actorEmail, role: row.actorRole },
    action: row.action,
    target: row.targetKind ? { kind: row.targetKind, id: row.targetId, label: row.targetLabel } : null,
    details: row.details,
    address: row.address,
    userAgent: row.userAgent,
  };
}

function filtersOf(query: AuditListFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const q = query.q;
    const match = or(contains(auditEntry.action, q), contains(auditEntry.actorEmail, q), contains(auditEntry.targetLabel, q));
    if (match) conditions.push(match);
  }
  if (query.action) conditions.push(eq(auditEntry.action, query.action));
  if (query.actor) conditions.push(eq(auditEntry.actorEmail, query.actor));
  return conditions.length ? and(...conditions) : undefined;
}

/** A page of the log, newest first, searched and filtered; unfiltered, the total the triggers keep. */
export async function listAudit(db: Database, query: AuditListQuery) {
  const where = filtersOf(query);
  const from = cursorFrom(query.cursor, keys);
  const [rows, total] = await Promise.all([
    db
      .select({ ...getTableColumns(auditEntry), cursorKey: cursorKey(keys) })
      .from(auditEntry)
      .where(and(where, from && after(keys, from)))
      .orderBy(...orderOf(keys))
      .limit(query.limit)
      .offset(query.offset),
    listTotal(db, auditEntry, where, 'audit_entry'),
  ]);
  return { entries: rows.map(toEntry), total, next: nextCursor(rows, query.limit) };
}

/** The entries matching the filters, newest first, as CSV. */
export function auditCsv(db: Database, query: AuditListFilters) {
  const where = filtersOf(query);
  return csvPages(
    ['When', 'Who', 'Role', 'Action', 'Target kind', 'Target id', 'Target', 'Details', 'From address', 'User agent'],
    (from: KeyValue[] | undefined) =>
      db
        .select({ ...getTableColumns(auditEntry), cursorKey: cursorKey(keys) })
        .from(auditEntry)
        .where(and(where, from && after(keys, from)))
        .orderBy(...orderOf(keys))
        .limit(EXPORT_PAGE),
    (row) => JSON.parse(row.cursorKey) as KeyValue[],
    (row) => [
      row.at.toISOString(),
      row.actorEmail,
      row.actorRole,
      row.action,
      row.targetKind,
      row.targetId,
      row.targetLabel,
      Object.keys(row.details).length ? JSON.stringify(row.details) : '',
      row.address,
      row.userAgent,
    ],
  );
}

/** Deletes the entries older than `days` before `now`: how many went. */
export async function deleteAuditOlderThan(db: Database, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 3600_000);
  const gone = await db.delete(auditEntry).where(lt(auditEntry.at, cutoff)).returning({ id: auditEntry.id });
  return gone.length;
}
