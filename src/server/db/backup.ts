import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  type BackupHeader,
  type BackupMigration,
  type CheckedBackup,
  endLine,
  readBackupSections,
  tableLine,
} from './backup-file.ts';
import { appliedMigrations, idSequences, productTables, rowsOf, tablesWithRows } from './catalog.ts';
import type { DatabaseHandle } from './client.ts';
import { migrationsFolder } from './migrate.ts';

/**
 * `npm run backup` and `npm run restore`: a logical copy of every table, which an embedded database
 * and a PostgreSQL server both write and both read back. The file's format is in backup-file.ts.
 */

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this version of the app knows, oldest first (drizzle-kit's journal). */
function knownMigrations(): { journal: Record<string, unknown>; entries: JournalEntry[] } {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return { journal, entries: journal.entries };
}

const migrationName = (m: BackupMigration) => m.tag ?? `the one of ${new Date(m.createdAt).toISOString()}`;

/**
 * How many of this version's migrations a backup's schema is, or a BackupError when its schema is not
 * one this version knows (a backup made by a newer version, or by another line of development).
 */
export function backupSchemaLevel(header: BackupHeader): number {
  const known = knownMigrations().entries;
  header.migrations.forEach((migration, index) => {
    if (known[index]?.when === migration.createdAt) return;
    const latest = known.at(-1);
    if (!latest || migration.createdAt > latest.when || index >= known.length) {
      throw new BackupError(
        `The backup was made by a newer version of Helping Hands: its database schema goes up to migration ` +
          `${migrationName(header.migrations.at(-1) ?? migration)}, and this version knows only up to ${latest?.tag ?? 'none'}. ` +
          'Restore it with that version or a newer one.',
      );
    }
    throw new BackupError(
      `The backup's database schema is not one this version of Helping Hands knows (migration ${migrationName(migration)}).`,
    );
  });
  return header.migrations.length;
}

/** A copy of the migrations folder with only the first `count`, to build a database up to a backup's schema. */
async function migrationsUpTo(count: number): Promise<string> {
  const { journal, entries } = knownMigrations();
  const folder = await mkdtemp(path.join(tmpdir(), 'helping-hands-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: entries.slice(0, count) }));
  for (const entry of entries.slice(0, count)) {
    await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  bytes: number;
  seconds: number;
}

export interface BackupOptions {
  /** Called before each table is read: progress, or a test that writes meanwhile. */
  onTable?: (table: string) => void | Promise<void>;
}

/** Rows fetched per round trip: as many as fit about this many characters (pictures are large rows). */
const FETCH_CHARACTERS = 4 * 1024 * 1024;

/**
 * Writes every table of the database to `file` (gzip JSON lines, readable only by its owner). Everything
 * is read in one repeatable-read transaction, so the copy is of one moment even while the app goes on
 * writing (on a server). The file appears under its name only once complete: a failed backup leaves
 * nothing, and an existing file is never replaced.
 */
export async function backupDatabase(handle: DatabaseHandle, file: string, options: BackupOptions = {}): Promise<BackupSummary> {
  const started = performance.now();
  if (existsSync(file)) throw new BackupError(`${file} already exists: a backup never replaces another. Give another file name.`);
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  let tables = 0;
  let rows = 0;
  try {
    await handle.db.transaction(
      async (tx) => {
        const applied = await appliedMigrations(tx);
        if (applied.length === 0) {
          throw new BackupError('This database has no Helping Hands tables (the app never started on it): there is nothing to back up.');
        }
        const known = knownMigrations().entries;
        const info = await productTables(tx);
        const counts = await rowsOf<{ name: string; rows: string }>(
          tx,
          sql.join(
            info.map((t) => sql`select ${t.name} as name, count(*)::text as rows from ${sql.identifier(t.name)}`),
            sql` union all `,
          ),
        );
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          source: handle.kind,
          migrations: applied.map((m) => ({ tag: known.find((k) => k.when === m.createdAt)?.tag ?? null, ...m })),
          tables: info.map((t) => ({ name: t.name, columns: t.columns, rows: Number(counts.find((c) => c.name === t.name)?.rows) })),
          sequences: (await idSequences(tx)).map(({ table, column, lastValue }) => ({ table, column, lastValue })),
        };
        async function* lines() {
          yield `${JSON.stringify(header)}\n`;
          for (const [index, table] of info.entries()) {
            await options.onTable?.(table.name);
            const expected = header.tables[index]?.rows ?? 0;
            yield tableLine(table.name, expected);
            const order = table.primaryKey.length
              ? sql` order by ${sql.join(
                  table.primaryKey.map((c) => sql`r.${sql.identifier(c)}`),
                  sql`, `,
                )}`
              : sql``;
            await tx.execute(
              sql`declare backup_rows no scroll cursor for select row_to_json(r.*)::text as line from ${sql.identifier(table.name)} r${order}`,
            );
            let read = 0;
            let fetch = 100;
            for (;;) {
              const batch = await rowsOf<{ line: string }>(tx, sql`fetch forward ${sql.raw(String(fetch))} from backup_rows`);
              if (batch.length === 0) break;
              read += batch.length;
              const text = `${batch.map((r) => r.line).join('\n')}\n`;
              fetch = Math.max(1, Math.min(1000, Math.floor((FETCH_CHARACTERS * batch.length) / text.length)));
              yield text;
            }
            await tx.execute(sql`close backup_rows`);
            if (read !== expected)
              throw new BackupError(`Table ${table.name} gave ${read} rows where it had ${expected}: the backup is not consistent.`);
            tables += 1;
            rows += read;
          }
          yield endLine(tables, rows);
        }
        await pipeline(lines(), createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // On disk before it takes its name: a crash right after leaves either no backup or a whole one.
    const written = await open(partial, 'r');
    await written.sync().finally(() => written.close());
    if (existsSync(file)) throw new BackupError(`${file} appeared while the backup was written: a backup never replaces another.`);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { file, tables, rows, bytes: (await stat(file)).size, seconds: (performance.now() - started) / 1000 };
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  seconds: number;
}

const notEmpty = (tables: string[]) =>
  new BackupError(
    `The database already holds data (in ${tables.join(', ')}). A restore goes only into an empty database, so that ` +
      'nothing in it is overwritten or mixed: restore into a new DATA_DIR folder, or a newly created database on the server.',
  );

/**
 * Loads a checked backup into an empty database: migrations up to the backup's schema, every row in
 * one transaction (parents first, in batches), the id sequences past every id the backup had, then the
 * migrations this version has beyond the backup's. Anything wrong undoes the whole load.
 */
export async function restoreDatabase(handle: DatabaseHandle, backup: CheckedBackup): Promise<RestoreSummary> {
  const started = performance.now();
  const level = backupSchemaLevel(backup.header);
  const applied = await appliedMigrations(handle.db);
  if (applied.length > level || applied.some((m, i) => m.createdAt !== backup.header.migrations[i]?.createdAt)) {
    throw new BackupError(
      "The database's schema is already newer than the backup's: restore into a new empty database (it is brought up to date after the restore).",
    );
  }
  const filled = await tablesWithRows(handle.db, await productTables(handle.db));
  if (filled.length) throw notEmpty(filled);

  const latest = knownMigrations().entries.length;
  const upToBackup = level < latest ? await migrationsUpTo(level) : undefined;
  try {
    await handle.migrate(undefined, upToBackup ? { migrationsFolder: upToBackup } : undefined);
  } finally {
    if (upToBackup) await rm(upToBackup, { recursive: true, force: true });
  }

  let rows = 0;
  await handle.db.transaction(async (tx) => {
    const tables = new Map((await productTables(tx)).map((t) => [t.name, t]));
    const filledNow = await tablesWithRows(tx, [...tables.values()]);
    if (filledNow.length) throw notEmpty(filledNow);
    for (const expected of backup.header.tables) {
      const table = tables.get(expected.name);
      if (!table) throw new BackupError(`The backup has a table ${expected.name} that this database does not have.`);
      const unknown = expected.columns.filter((c) => !table.columns.includes(c));
      if (unknown.length)
        throw new BackupError(`The backup's table ${expected.name} has columns this database does not have: ${unknown.join(', ')}.`);
    }
    const columnsOf = new Map(
      backup.header.tables.map((t) => [
        t.name,
        sql.join(
          t.columns.map((c) => sql.identifier(c)),
          sql`, `,
        ),
      ]),
    );
    for await (const section of readBackupSections(backup.file)) {
      if (section.kind !== 'rows') continue;
      const name = sql.identifier(section.table);
      const columns = columnsOf.get(section.table) ?? sql``;
      await tx.execute(
        sql`insert into ${name} (${columns}) overriding system value
            select ${columns} from json_populate_recordset(null::${name}, ${`[${section.rows.join(',')}]`}::json)`,
      );
      rows += section.rows.length;
    }
    if (rows !== backup.rows) throw new BackupError(`${backup.file} changed while it was restored.`);
    for (const sequence of await idSequences(tx)) {
      const saved = backup.header.sequences.find((s) => s.table === sequence.table && s.column === sequence.column)?.lastValue ?? null;
      // Past every id restored, and past every id ever handed out before the backup (deleted rows' too).
      await tx.execute(
        sql`select setval(${sequence.sequence}::regclass, m.v, true)
            from (select greatest(max(${sql.identifier(sequence.column)})::bigint, ${saved}::bigint) as v
                  from ${sql.identifier(sequence.table)}) m
            where m.v is not null`,
      );
    }
  });
  if (upToBackup) await handle.migrate();
  return { tables: backup.header.tables.length, rows, seconds: (performance.now() - started) / 1000 };
}

/** `backups/helping-hands-YYYYMMDD-HHMMSS.jsonl.gz`, in UTC. */
export function defaultBackupFile(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return path.join('backups', `helping-hands-${stamp}.jsonl.gz`);
}
