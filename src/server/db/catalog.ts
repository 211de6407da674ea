import { type SQL, sql } from 'drizzle-orm';
import { BackupError } from './backup-file.ts';
import type { Database } from './client.ts';

/** What a database says about its own tables, from PostgreSQL's catalog: the same in PGlite and on a server. */

export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  // Both drivers answer a raw query with `{ rows }`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface TableInfo {
  name: string;
  /** Stored columns, in the table's order (generated columns are computed again on restore). */
  columns: string[];
  primaryKey: string[];
}

/**
 * Kept by triggers from the other tables' rows (schema.ts `rowTotal`): a backup leaves it out, and a
 * restore rebuilds it as the rows go in.
 */
export const derivedTable = 'row_total';

/** The app's tables (those its migrations created, in the current schema), parents before children. */
export async function productTables(db: Database): Promise<TableInfo[]> {
  const tables = await rowsOf<{ name: string; columns: string[]; primary_key: string[] }>(
    db,
    sql`select c.relname::text as name,
          array(select a.attname::text from pg_attribute a
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                order by a.attnum) as columns,
          array(select a.attname::text from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                where i.indrelid = c.oid and i.indisprimary
                order by array_position(i.indkey::int2[], a.attnum)) as primary_key
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
          and c.relname <> ${derivedTable}
        order by c.relname`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select distinct child.relname::text as child, parent.relname::text as parent
        from pg_constraint k
          join pg_class child on child.oid = k.conrelid
          join pg_class parent on parent.oid = k.confrelid
          join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = current_schema() and child.oid <> parent.oid`,
  );
  // Parents first; among tables free to go, alphabetical, so the same database gives the same file.
  const ordered: TableInfo[] = [];
  const pending = new Map(tables.map((t) => [t.name, { name: t.name, columns: t.columns, primaryKey: t.primary_key }]));
  while (pending.size) {
    const ready = [...pending.values()].find((t) => !references.some((r) => r.child === t.name && pending.has(r.parent)));
    if (!ready)
      throw new BackupError(`The tables ${[...pending.keys()].join(', ')} refer to each other in a circle: no order restores them.`);
    ordered.push(ready);
    pending.delete(ready.name);
  }
  return ordered;
}

/** The names of the tables that hold at least one row. */
export async function tablesWithRows(db: Database, tables: TableInfo[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const probes = tables.map((t) => sql`select ${t.name} as name where exists (select 1 from ${sql.identifier(t.name)})`);
  return (await rowsOf<{ name: string }>(db, sql.join(probes, sql` union all `))).map((r) => r.name);
}

export interface SequenceInfo {
  table: string;
  column: string;
  sequence: string;
  lastValue: string | null;
}

/** The sequences behind serial and identity columns, with their last value (null: never used). */
export async function idSequences(db: Database): Promise<SequenceInfo[]> {
  return rowsOf<SequenceInfo>(
    db,
    sql`select "table", "column", sequence, pg_sequence_last_value(sequence::regclass)::text as "lastValue"
        from (select c.relname::text as "table", a.attname::text as "column",
                     pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as sequence
              from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
              where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped) s
        where sequence is not null
        order by "table", "column"`,
  );
}

/** The migrations applied to a database, oldest first; none when it was never migrated. */
export async function appliedMigrations(db: Database): Promise<{ hash: string; createdAt: number }[]> {
  const [table] = await rowsOf<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return [];
  const rows = await rowsOf<{ hash: string; created_at: string }>(
    db,
    sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}
