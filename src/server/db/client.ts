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
  /**
   * Calls `onChange` with a table's name after each committed change to it (the `hh_data_changed`
   * triggers, migration 0009), whoever made it. `onWatching(false)` says changes may be going unseen
   * (the listening connection is lost), `onWatching(true)` that they are seen again; a change may have
   * been missed in between, so the caller treats that as a change to everything.
   */
  watchChanges(onChange: (table: string) => void, onWatching: (watching: boolean) => void): Promise<() => Promise<void>>;
}

/** The channel the triggers of migration 0009 notify. */
export const DATA_CHANGED_CHANNEL = 'hh_data_changed';

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

/**
 * The embedded database's buffer cache. PostgreSQL's default (128 MB) is taken from the process's
 * memory at start whether used or not; a charity's data is a few megabytes, and pages not in this
 * cache are still in the operating system's file cache a read away. 16 MB keeps the embedded database
 * at its smallest footprint (about 130 MB less at rest, docs/decisions/043-a-smaller-process.md).
 */
export const embeddedMemoryParams = ['-c', 'shared_buffers=16MB'];

async function openEmbedded(dataDir: string, snapshot: Blob | undefined, durable: boolean): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // Two processes on one folder each write as if alone and corrupt it: the second must not start.
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  // The migrations create pg_trgm; the embedded build carries it, but loads it only when asked.
  const options: PGliteOptions = { extensions: { pg_trgm } };
  // In memory there is no disk to reach; on disk every acknowledged write is made durable.
  const client = inMemory
    ? new PGlite({ ...options, loadDataDir: snapshot, startParams: [...PGlite.defaultStartParams, ...embeddedMemoryParams] })
    : durable
      ? new PGlite({ ...options, fs: new DurableNodeFS(dataDir), startParams: [...durableStartParams, ...embeddedMemoryParams] })
      : new PGlite(dataDir, { ...options, startParams: [...PGlite.defaultStartParams, ...embeddedMemoryParams] });
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
    // One process, one connection: a notification arrives before the statement that caused it returns.
    async watchChanges(onChange, onWatching) {
      const stop = await client.listen(DATA_CHANGED_CHANNEL, (table) => onChange(table));
      onWatching(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
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
  /**
   * On close, for the connections still busy to be given back. By then the requests have finished and
   * the background jobs stopped, so none is busy unless the server stalls, and then none comes back:
   * a stop that waited out a stalled answer (6 s) must still end within its 8 s.
   */
  closeMs: 1_000,
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
    watchChanges: (onChange, onWatching) => listenOnServer(databaseUrl, onChange, onWatching),
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

/** How long the listening connection waits before connecting again after losing the server. */
const RELISTEN_MS = [250, 1_000, 5_000];

/**
 * One connection of its own LISTENs on the server (a pooled one would be given to others). Lost, it is
 * opened again until it works; until then `onWatching(false)` holds.
 */
async function listenOnServer(
  databaseUrl: string,
  onChange: (table: string) => void,
  onWatching: (watching: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: serverTimeouts.connectMs, keepAlive: true });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      onWatching(false);
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(connect, RELISTEN_MS[Math.min(failures++, RELISTEN_MS.length - 1)]);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => onChange(message.payload ?? '*'));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${DATA_CHANGED_CHANNEL}`);
      if (stopped) return void (await next.end().catch(() => {}));
      failures = 0;
      onWatching(true);
    } catch {
      lost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    // Ending sends the server a goodbye; a stalled server never answers it, and the stop goes on.
    if (last)
      await Promise.race([last.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, serverTimeouts.closeMs).unref())]);
  };
}
