import { mkdir } from 'node:fs/promises';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { type MigrateOptions, migrateEmbedded, migrateServer } from './migrate.ts';

export type Schema = typeof schema;

/**
 * What a service runs its statements on: the app's database, or a transaction on it. A transaction
 * is a `Database` too (drizzle's PgTransaction extends PgDatabase), so a service called inside
 * `db.transaction((tx) => …)` takes `tx` as it is, with no cast, and every statement joins it.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** The `tx` of `db.transaction((tx) => …)`: for code that must only run inside one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'embedded' | 'server';
  /** Applies the committed migrations, then runs `afterMigrate` while still holding the migration lock. */
  migrate(afterMigrate?: (db: Database) => Promise<void>, options?: MigrateOptions): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  /** A folder for the embedded database, or 'memory://' for one that lives only in this process. */
  dataDir: string;
  /**
   * For an embedded database in memory: start from this dump (`PGlite.dumpDataDir`) instead of an
   * empty cluster. Booting an empty cluster is most of the cost of a test's fresh database.
   */
  snapshot?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openServer(options.databaseUrl);
  return openEmbedded(options.dataDir, options.snapshot);
}

async function openEmbedded(dataDir: string, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // Two processes on one folder each write as if alone and corrupt it: the second must not start.
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  // The migrations create pg_trgm; the embedded build carries it, but loads it only when asked.
  const options: PGliteOptions = { extensions: { pg_trgm } };
  const client = inMemory ? new PGlite({ ...options, loadDataDir: snapshot }) : new PGlite(dataDir, options);
  await client.waitReady.catch((error: unknown) => {
    unlock();
    throw error;
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'embedded',
    migrate: (afterMigrate, migrateOptions) => migrateEmbedded(db, afterMigrate, migrateOptions),
    close: () => client.close().finally(unlock),
  };
}

async function openServer(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'server',
    migrate: (afterMigrate, migrateOptions) => migrateServer(pool, afterMigrate, migrateOptions),
    close: () => pool.end(),
  };
}
