import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BackedUpSource,
  backedUpSource,
  contents,
  largePicture,
  openBlank,
  openFresh,
  rowCounts,
  schemaTables,
} from '../test/backup-fixture.ts';
import { insertEvent } from '../test/factories.ts';
import { processTimeout } from '../test/server-process.ts';
import { backupDatabase, backupSchemaLevel, restoreDatabase } from './backup.ts';
import { type BackupHeader, checkBackupFile } from './backup-file.ts';
import type { Database } from './client.ts';
import { migrationsFolder } from './migrate.ts';
import * as schema from './schema.ts';
import { totalOf } from './totals.ts';

/** A copy of `file` with its JSON lines changed by `edit`. */
async function edited(file: string, name: string, edit: (lines: string[]) => string[]): Promise<string> {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const target = path.join(path.dirname(file), name);
  await writeFile(target, gzipSync(edit(lines).join('\n')));
  return target;
}

const knownMigrations = () =>
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };

/** A database's tables, columns and indexes, to compare two databases' schemas. */
async function schemaShape(db: Database): Promise<string[]> {
  const result = (await db.execute(
    sql`select c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) as item
        from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
        where n.nspname = current_schema() and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        union all
        select indexdef from pg_indexes where schemaname = current_schema()
        order by 1`,
  )) as unknown as { rows: { item: string }[] };
  return result.rows.map((r) => r.item);
}

let source: BackedUpSource;
let handle: BackedUpSource['handle'];
let work: string;
let backupFile: string;
let original: Record<string, string[]>;
let lastEventIndex: number;
const serverUrl = process.env.DATABASE_URL;
const kind = serverUrl ? 'server' : 'embedded';

beforeAll(async () => {
  source = await backedUpSource();
  ({ handle, work, backupFile, original, lastEventIndex } = source);
}, 120_000);

afterAll(async () => {
  await source?.close();
});

describe(`a backup of the ${kind} database`, () => {
  it('starts from rows in every table of the schema, and the database has no table the schema lacks', () => {
    expect(Object.keys(original).sort()).toEqual(schemaTables);
    const empty = schemaTables.filter((table) => (original[table]?.length ?? 0) === 0);
    expect(empty, 'fillEveryTable must put rows in every table, new ones too').toEqual([]);
  });

  it('is one file, readable only by its owner, that says what it holds', async () => {
    const checked = await checkBackupFile(backupFile);
    expect(checked.rows).toBe(Object.values(original).reduce((sum, rows) => sum + rows.length, 0));
    expect(Object.fromEntries(checked.header.tables.map((t) => [t.name, t.rows]))).toEqual(rowCounts(original));
    expect(checked.header.source).toBe(kind);
    expect(checked.header.migrations.map((m) => m.tag)).toEqual(knownMigrations().entries.map((e) => e.tag));
    // Parents before children: accounts and events before the registrations that name them.
    const order = checked.header.tables.map((t) => t.name);
    expect(order.indexOf('account')).toBeLessThan(order.indexOf('registration'));
    expect(order.indexOf('event')).toBeLessThan(order.indexOf('registration'));
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.dirname(backupFile))).toEqual(['first.jsonl.gz']);
  });

  it('restores into a fresh embedded database with every row of every table, and new ids after every old one', async () => {
    const target = await openFresh('embedded');
    try {
      const summary = await restoreDatabase(target.handle, await checkBackupFile(backupFile));
      expect(summary.rows).toBe(Object.values(original).reduce((sum, rows) => sum + rows.length, 0));
      expect(await contents(target.handle.db)).toEqual(original);
      const [picture] = await target.handle.db.select().from(schema.image).where(eq(schema.image.width, 1600));
      expect(picture?.bytes.equals(largePicture)).toBe(true);
      // The next event's index comes after the last one ever used, even one of an event since deleted.
      const next = await insertEvent(target.handle.db);
      expect(next.index).toBe(lastEventIndex + 1);
      // The totals the lists answer with are rebuilt from the rows restored, the new event too.
      expect((await totalOf(target.handle.db, 'event')).rows).toBe((original.event?.length ?? 0) + 1);
      expect((await totalOf(target.handle.db, 'registration')).rows).toBe(original.registration?.length);
    } finally {
      await target.drop();
    }
  });

  // Only where the suite runs on a PostgreSQL server (the second pass of .ci/run).
  if (serverUrl) {
    it(
      'restores into a fresh server database, and its copy in an embedded database backs up and restores to the server the same',
      async () => {
        const onServer = await openFresh('server');
        const embedded = await openFresh('embedded');
        const back = await openFresh('server');
        try {
          await restoreDatabase(onServer.handle, await checkBackupFile(backupFile));
          expect(await contents(onServer.handle.db)).toEqual(original);
          expect((await insertEvent(onServer.handle.db)).index).toBe(lastEventIndex + 1);

          await restoreDatabase(embedded.handle, await checkBackupFile(backupFile));
          const fromEmbedded = path.join(work, 'from-embedded.jsonl.gz');
          await backupDatabase(embedded.handle, fromEmbedded);
          expect((await checkBackupFile(fromEmbedded)).header.source).toBe('embedded');
          await restoreDatabase(back.handle, await checkBackupFile(fromEmbedded));
          expect(await contents(back.handle.db)).toEqual(original);
          expect((await insertEvent(back.handle.db)).index).toBe(lastEventIndex + 1);
        } finally {
          await Promise.all([onServer.drop(), embedded.drop(), back.drop()]);
        }
      },
      processTimeout,
    );
  }

  it('is refused by a database that already holds data, which stays as it was', async () => {
    await expect(restoreDatabase(handle, await checkBackupFile(backupFile))).rejects.toThrow(
      /^The database already holds data \(in account, app_setting, .*\)\. A restore goes only into an empty database/,
    );
    expect(await contents(handle.db)).toEqual(original);
  });

  it('is refused when damaged, cut short or not a backup at all, saying why', async () => {
    const bytes = readFileSync(backupFile);
    const cut = path.join(work, 'cut.jsonl.gz');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
    const damaged = path.join(work, 'damaged.jsonl.gz');
    await writeFile(damaged, flipped);
    const notGzip = path.join(work, 'not-gzip.jsonl.gz');
    await writeFile(notGzip, gunzipSync(bytes));
    const rowMissing = await edited(backupFile, 'row-missing.jsonl.gz', (lines) => lines.filter((_, i) => i !== 5));
    const noEnd = await edited(backupFile, 'no-end.jsonl.gz', (lines) => lines.filter((line) => !line.startsWith('{"end":')));
    const badRow = await edited(backupFile, 'bad-row.jsonl.gz', (lines) => lines.map((line, i) => (i === 3 ? line.slice(0, -4) : line)));
    const empty = path.join(work, 'empty.jsonl.gz');
    await writeFile(empty, gzipSync(''));
    const reasons: [string, RegExp][] = [
      [cut, /damaged or cut short \(unexpected end of file\)/],
      [damaged, /damaged or cut short/],
      [notGzip, /damaged or cut short \(incorrect header check\)/],
      [rowMissing, /does not start where it should/],
      [noEnd, /it ends early, after its header|it ends early, in table/],
      [badRow, /row \d+ of table \w+ is not valid JSON/],
      [empty, /it is empty/],
      [path.join(work, 'missing.jsonl.gz'), /^There is no file /],
    ];
    for (const [file, reason] of reasons) {
      await expect(checkBackupFile(file), file).rejects.toThrow(reason);
    }
  });

  it('undoes the whole restore when a row breaks a rule of the database', async () => {
    // A registration for an event the backup does not have: found only when the rows go in.
    const orphan = await edited(backupFile, 'orphan.jsonl.gz', (lines) => {
      const start = lines.findIndex((line) => line.startsWith('{"table":"registration"'));
      const row = JSON.parse(lines[start + 1]!);
      lines[start + 1] = JSON.stringify({ ...row, event_id: '00000000-0000-4000-8000-000000000000' });
      return lines;
    });
    const target = await openFresh('embedded');
    try {
      await expect(restoreDatabase(target.handle, await checkBackupFile(orphan))).rejects.toThrow();
      const after = await contents(target.handle.db);
      expect(Object.values(after).every((rows) => rows.length === 0)).toBe(true);
      // Nothing half-done stands in the way: the good file restores into it afterwards.
      await restoreDatabase(target.handle, await checkBackupFile(backupFile));
      expect(await contents(target.handle.db)).toEqual(original);
    } finally {
      await target.drop();
    }
  });

  it('is refused when a newer version of the app made it', async () => {
    const known = knownMigrations().entries;
    const newer = await edited(backupFile, 'newer.jsonl.gz', ([headerLine, ...rest]) => {
      const header = JSON.parse(headerLine!) as BackupHeader;
      header.migrations.push({ tag: '9999_from_the_future', createdAt: known.at(-1)!.when + 1000, hash: 'f'.repeat(64) });
      return [JSON.stringify(header), ...rest];
    });
    const checked = await checkBackupFile(newer);
    expect(() => backupSchemaLevel(checked.header)).toThrow(
      `The backup was made by a newer version of Helping Hands: its database schema goes up to migration 9999_from_the_future, and this version knows only up to ${known.at(-1)!.tag}. Restore it with that version or a newer one.`,
    );
    const newerFormat = await edited(backupFile, 'newer-format.jsonl.gz', ([headerLine, ...rest]) => [
      JSON.stringify({ ...JSON.parse(headerLine!), version: 2 }),
      ...rest,
    ]);
    await expect(checkBackupFile(newerFormat)).rejects.toThrow(/written in a newer backup format \(2\)/);
    const target = await openFresh('embedded');
    try {
      await expect(restoreDatabase(target.handle, checked)).rejects.toThrow(/newer version of Helping Hands/);
      expect(Object.values(await contents(target.handle.db)).every((rows) => rows.length === 0)).toBe(true);
    } finally {
      await target.drop();
    }
  });

  it(
    "restores a backup of an older schema into that schema, then brings it up to this version's",
    async () => {
      // A database as an older version left it: all but the last migration.
      const older = path.join(work, 'older-migrations');
      const journal = knownMigrations();
      const entries = journal.entries.slice(0, -1);
      await mkdir(path.join(older, 'meta'), { recursive: true });
      await writeFile(path.join(older, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
      for (const entry of entries) await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(older, `${entry.tag}.sql`));

      const database = await openBlank(kind);
      const db = database.handle.db;
      try {
        await database.handle.migrate(undefined, { migrationsFolder: older });
        // Rows written as the older version wrote them: its columns only (today's seed names newer ones).
        await db.execute(sql`insert into event (title, "desc", banner, date, time)
                             select 'Older event ' || g, 'Written before the newest migration', '/images/events/food-bank.svg',
                                    current_date + g, '10:00' from generate_series(1, 12) g`);
        await db.execute(sql`insert into review (email, name, message, review)
                             select 'older' || g || '@example.org', 'Older reviewer ' || g, 'Message', 'Review' from generate_series(1, 6) g`);
        const file = path.join(work, 'older.jsonl.gz');
        await backupDatabase(database.handle, file);
        const checked = await checkBackupFile(file);
        expect(checked.header.migrations.map((m) => m.tag)).toEqual(entries.map((e) => e.tag));
        const oldColumns = new Map(checked.header.tables.map((t) => [t.name, t.columns]));
        const oldContents = await contents(db, oldColumns);

        // The same database, emptied down to nothing, as a new one is.
        await db.execute(sql`drop schema drizzle cascade`);
        await db.execute(sql`drop schema public cascade`);
        await db.execute(sql`create schema public`);
        expect(await schemaShape(db)).toEqual([]);

        await restoreDatabase(database.handle, checked);
        expect(await contents(db, oldColumns)).toEqual(oldContents);
        // Then brought up to date: this version's tables, columns and indexes, every migration recorded.
        expect(await schemaShape(db)).toEqual(await schemaShape(handle.db));
        const applied = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
          rows: { n: number }[];
        };
        expect(applied.rows[0]?.n).toBe(journal.entries.length);
      } finally {
        await database.drop();
      }
    },
    processTimeout,
  );

  it('leaves no file at all when it fails, and never replaces an existing one', async () => {
    const file = path.join(work, 'failed', 'backup.jsonl.gz');
    await expect(
      backupDatabase(handle, file, {
        onTable: (table) => {
          if (table === 'event') throw new Error('the disk is full');
        },
      }),
    ).rejects.toThrow('the disk is full');
    expect(await readdir(path.dirname(file))).toEqual([]);
    await expect(backupDatabase(handle, backupFile)).rejects.toThrow(/already exists: a backup never replaces another/);
    expect((await checkBackupFile(backupFile)).rows).toBeGreaterThan(0);
  });

  // Only where the suite runs on a PostgreSQL server (the second pass of .ci/run).
  if (serverUrl) {
    it('is a copy of one moment while the app goes on writing', async () => {
      const writer = new pg.Client({ connectionString: source.databaseUrl });
      await writer.connect();
      const file = path.join(work, 'while-writing.jsonl.gz');
      const tag = randomBytes(4).toString('hex');
      try {
        await backupDatabase(handle, file, {
          // Accounts and events are already in the file: a new account registering for a new event comes now.
          onTable: async (table) => {
            if (table !== 'registration') return;
            await writer.query('begin');
            await writer.query(`insert into account (id, name, email) values ('late-${tag}', 'Late', 'late-${tag}@example.org')`);
            const { rows } = await writer.query(
              `insert into event (title, "desc", banner, date) values ('Late', 'Late', '/b.svg', '2030-01-01') returning id`,
            );
            await writer.query('insert into registration (account_id, event_id, name, email) values ($1, $2, $3, $4)', [
              `late-${tag}`,
              rows[0].id,
              'Late',
              `late-${tag}@example.org`,
            ]);
            await writer.query('commit');
          },
        });
      } finally {
        await writer.end();
      }
      const checked = await checkBackupFile(file);
      expect(Object.fromEntries(checked.header.tables.map((t) => [t.name, t.rows]))).toEqual(rowCounts(original));
      const target = await openFresh('server');
      try {
        await restoreDatabase(target.handle, checked);
        expect(await contents(target.handle.db)).toEqual(original);
      } finally {
        await target.drop();
        await handle.db.execute(sql`delete from account where id = ${`late-${tag}`}`);
        await handle.db.execute(sql`delete from event where title = 'Late'`);
      }
    });
  }
});
