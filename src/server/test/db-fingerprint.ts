import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/catalog.ts';
import type { Database } from '../db/client.ts';

/** Each table's row count and a hash of all its rows (each row as text, in a fixed order). */
export type Fingerprint = Record<string, { rows: number; hash: string }>;

/** Every ordinary table in the database's current schema (public), by name. */
export async function publicTables(db: Database): Promise<string[]> {
  const found = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname`,
  );
  return found.map((t) => t.name);
}

/**
 * What the database holds, table by table, read in one statement (one consistent moment): two equal
 * fingerprints mean no row was added, removed or changed in any of `tables`.
 */
export async function fingerprint(db: Database, tables: readonly string[]): Promise<Fingerprint> {
  if (tables.length === 0) return {};
  const parts = tables.map((name) => {
    const table = sql.identifier(name);
    return sql`select ${name}::text as name, count(*)::int as rows,
                 coalesce(md5(string_agg(r::text, E'\n' order by r::text)), '') as hash
               from ${table} r`;
  });
  const rows = await rowsOf<{ name: string; rows: number; hash: string }>(db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((r) => [r.name, { rows: Number(r.rows), hash: r.hash }]));
}

/** The tables whose count or hash differ between two fingerprints, as `table: before → after`. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after })
    .filter((name) => before[name]?.hash !== after[name]?.hash || before[name]?.rows !== after[name]?.rows)
    .map((name) => `${name}: ${before[name]?.rows ?? 'none'} rows → ${after[name]?.rows ?? 'none'} rows`);
}
