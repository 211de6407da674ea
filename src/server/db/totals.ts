import { count, eq, like, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import { rowTotal } from './schema.ts';

/** The tables (and `table:status` parts) whose totals the `row_total` triggers keep. */
export type Counted =
  | 'event'
  | 'registration'
  | `donation:${string}`
  | 'account'
  | 'notice'
  | 'outbox_message'
  | 'audit_entry'
  | `outbox_message:${string}`
  | `review:${string}`;

/**
 * A table's number of rows (and the sum of its amounts, for donations) as the triggers keep it: a
 * read of at most eight rows however large the table, and exact (the triggers run in the writing
 * transaction, so a total never counts a row that is not committed).
 */
export async function totalOf(db: Database, name: Counted): Promise<{ rows: number; amount: number }> {
  const [found] = await db
    .select({ rows: sql<string>`coalesce(sum(${rowTotal.rows}), 0)`, amount: sql<string>`coalesce(sum(${rowTotal.amount}), 0)` })
    .from(rowTotal)
    .where(eq(rowTotal.name, name));
  return { rows: Number(found?.rows ?? 0), amount: Number(found?.amount ?? 0) };
}

/**
 * A list's total: the rows of `table` that `filter` matches, counted (a search or filter reads its
 * matches); with no filter, the total the triggers keep as `kept`, a read of a few rows.
 */
export function listTotal(db: Database, table: PgTable, filter: SQL | undefined, kept: Counted): Promise<number> {
  return filter
    ? db
        .select({ value: count() })
        .from(table)
        .where(filter)
        .then(([found]) => found?.value ?? 0)
    : totalOf(db, kept).then((found) => found.rows);
}

/**
 * Every donation's count and sum as the triggers keep them, by currency and whether refunded (the
 * generated `tally` column: 'usd', 'usd:refunded'): a read of a few rows however many donations.
 */
export async function donationTallies(db: Database): Promise<{ currency: string; refunded: boolean; rows: number; amount: number }[]> {
  const found = await db
    .select({ name: rowTotal.name, rows: sql<string>`sum(${rowTotal.rows})`, amount: sql<string>`sum(${rowTotal.amount})` })
    .from(rowTotal)
    .where(like(rowTotal.name, 'donation:%'))
    .groupBy(rowTotal.name);
  return found.map((row) => {
    const [, currency = '', refunded] = row.name.split(':');
    return { currency, refunded: refunded === 'refunded', rows: Number(row.rows), amount: Number(row.amount) };
  });
}
