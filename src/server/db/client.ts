import { mkdir } from 'node:fs/promises';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { DurableNodeFS, durableStartParams } from './durable-fs.ts';
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
  /**
   * For an embedded database on disk: acknowledge a write only once it is on disk (the default). Only
   * the benchmark turns it off, to measure what durability costs.
   */
  durable?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openServer(options.databaseUrl);
  return openEmbedded(options.dataDir, options.snapshot, options.durable ?? true);
}

async function openEmbedded(dataDir: string, snapshot: Blob | undefined, durable: boolean): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // Two processes on one folder each write as if alone and corrupt it: the second must not start.
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  // The migrations create pg_trgm; the embedded build carries it, but loads it only when asked.
  const options: PGliteOptions = { extensions: { pg_trgm } };
  // In memory there is no disk to reach; on disk every acknowledged write is made durable.
  const client = inMemory
    ? new PGlite({ ...options, loadDataDir: snapshot })
    : durable
      ? new PGlite({ ...options, fs: new DurableNodeFS(dataDir), startParams: durableStartParams })
      : new PGlite(dataDir, options);
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

/**
 * How long the app waits on a PostgreSQL server. A server that stalls (rather than refusing) would
 * otherwise hold every request, and shutdown, for as long as it stalls.
 */
export const serverTimeouts = {
  /** To open a connection. */
  connectMs: 3_000,
  /** For one statement, counted by the server (a slow query). */
  statementMs: 5_000,
  /** For one statement's answer, counted here (a server or network that stopped answering). */
  answerMs: 6_000,
  /** A transaction left open and idle is ended by the server. */
  idleInTransactionMs: 10_000,
  /** On close, for the connections still busy to be given back. */
  closeMs: 3_000,
};

async function openServer(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: serverTimeouts.connectMs,
    statement_timeout: serverTimeouts.statementMs,
    query_timeout: serverTimeouts.answerMs,
    idle_in_transaction_session_timeout: serverTimeouts.idleInTransactionMs,
    keepAlive: true,
  });
  // A client that loses its connection must not take the process down: an idle one reports to the
  // pool, and one checked out (inside a transaction, between its statements) to itself; its next
  // statement fails, and the request answers 503.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'server',
    migrate: (afterMigrate, migrateOptions) => migrateServer(databaseUrl, afterMigrate, migrateOptions),
    // A connection stuck on a stalled server is never given back: stop waiting for it.
    close: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, serverTimeouts.closeMs);
        pool.end().then(
          () => {
            clearTimeout(timer);
            resolve();
          },
          () => resolve(),
        );
      }),
  };
}
