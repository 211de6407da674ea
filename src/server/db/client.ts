import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { EmbeddedClient } from './embedded-client.ts';
import { type MigrateOptions, migrateEmbedded, migrateServer } from './migrate.ts';
import * as schema from './schema.ts';

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
   * (the listening connection is lost, or stopped answering its heartbeat), `onWatching(true)` that they
   * are seen again; a change may have been missed in between, so the caller treats that as a change to
   * everything.
   */
  watchChanges(onChange: (table: string) => void, onWatching: (watching: boolean) => void): Promise<ChangeWatch>;
}

export interface ChangeWatch {
  stop(): Promise<void>;
  /**
   * Resolves true once every change committed before the call has been passed to `onChange`; false when
   * that cannot be known in time (`listenTimeouts.answerMs`), and then the caller must assume anything changed.
   */
  caughtUp(): Promise<boolean>;
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
  /**
   * Called if the embedded database's thread stops on its own (decision 046): every statement fails from
   * then on, so the process should end and be started again.
   */
  onLost?: (error: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openServer(options.databaseUrl);
  return openEmbedded(options.dataDir, options.snapshot, options.durable ?? true, options.onLost);
}

/**
 * The embedded database's buffer cache. PostgreSQL's default (128 MB) is taken from the process's
 * memory at start whether used or not; a charity's data is a few megabytes, and pages not in this
 * cache are still in the operating system's file cache a read away. 16 MB keeps the embedded database
 * at its smallest footprint (about 130 MB less at rest, docs/decisions/043-a-smaller-process.md).
 */
export const embeddedMemoryParams = ['-c', 'shared_buffers=16MB'];

async function openEmbedded(
  dataDir: string,
  snapshot: Blob | undefined,
  durable: boolean,
  onLost: ((error: Error) => void) | undefined,
): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // Two processes on one folder each write as if alone and corrupt it: the second must not start.
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  // In a thread of its own (decision 046): its statements, and on disk its waits for the disk, no longer
  // hold the requests. The migrations create pg_trgm, which the thread loads; in memory there is no disk
  // to reach, and on disk every acknowledged write is made durable.
  const client = await EmbeddedClient.start({ dataDir, snapshot, durable, memoryParams: embeddedMemoryParams }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  client.onLost = onLost;
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Database;
  return {
    db,
    kind: 'embedded',
    migrate: (afterMigrate, migrateOptions) => migrateEmbedded(db, afterMigrate, migrateOptions),
    close: () => client.close().finally(unlock),
    // One process, one connection: the thread sends a notice before the answer of the statement that
    // caused it, over one ordered channel, so whatever committed has been announced already.
    async watchChanges(onChange, onWatching) {
      const stop = await client.listen(DATA_CHANGED_CHANNEL, (table) => onChange(table));
      onWatching(true);
      return {
        stop: async () => {
          if (!client.closed) await stop();
        },
        caughtUp: async () => !client.closed,
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
 * The listening connection's heartbeat. A connection can die without a word (a proxy or firewall that
 * drops it silently): then changes go unseen while the cache believes it sees them. So every `everyMs`
 * it announces a mark of its own on the channel and must hear it back within `answerMs`, or it is taken
 * as lost (nothing kept, sessions read fresh) and opened again. A demoted admin therefore keeps the role
 * at most `everyMs + answerMs` (3.5 s) on an instance whose listener died silently.
 */
export const listenTimeouts = {
  everyMs: 2_000,
  answerMs: 1_500,
};

/** The payload of the listener's own marks (never a table's name). */
const MARK = 'caught-up ';

/**
 * One connection of its own LISTENs on the server (a pooled one would be given to others). Lost, or
 * silent past its heartbeat, it is opened again until it works; until then `onWatching(false)` holds.
 *
 * Catching up: the listener announces a mark of its own (`pg_notify`) and waits to hear it. The server
 * delivers a channel's notices in the order their transactions committed, so once the mark is heard,
 * every change committed before it was sent has been heard too. A write request waits for this before
 * answering, so its caller reads its own write on this instance.
 */
async function listenOnServer(
  databaseUrl: string,
  onChange: (table: string) => void,
  onWatching: (watching: boolean) => void,
): Promise<ChangeWatch> {
  let stopped = false;
  let client: pg.Client | undefined;
  let listening = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let marks = 0;
  const awaitingMarks = new Map<string, () => void>();
  let lose: (() => void) | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: serverTimeouts.connectMs, keepAlive: true });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      listening = false;
      onWatching(false);
      // A silent connection never answers the goodbye `end` sends: its socket is closed as well.
      next.end().catch(() => {});
      next.connection.stream.destroy();
      if (!stopped) retry = setTimeout(connect, RELISTEN_MS[Math.min(failures++, RELISTEN_MS.length - 1)]);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (payload.startsWith(MARK)) awaitingMarks.get(payload)?.();
      else onChange(payload);
    });
    client = next;
    lose = lost;
    try {
      await next.connect();
      await next.query(`LISTEN ${DATA_CHANGED_CHANNEL}`);
      if (stopped) return void (await next.end().catch(() => {}));
      failures = 0;
      listening = true;
      onWatching(true);
    } catch {
      lost();
    }
  };

  /** Sends a mark on the listening connection and waits to hear it back; a silence is a lost connection. */
  const mark = (): Promise<boolean> => {
    const current = client;
    if (!current || !listening) return Promise.resolve(false);
    const payload = `${MARK}${process.pid} ${++marks}`;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        awaitingMarks.delete(payload);
        resolve(false);
        if (client === current) lose?.();
      }, listenTimeouts.answerMs);
      awaitingMarks.set(payload, () => {
        clearTimeout(timer);
        awaitingMarks.delete(payload);
        resolve(true);
      });
      current.query('SELECT pg_notify($1, $2)', [DATA_CHANGED_CHANNEL, payload]).catch(() => {});
    });
  };

  // Requests arriving while a mark is out share the next one (theirs may have committed after it was sent).
  let out: Promise<boolean> | undefined;
  let following: Promise<boolean> | undefined;
  const caughtUp = (): Promise<boolean> => {
    if (!out) {
      out = mark().finally(() => {
        out = undefined;
      });
      return out;
    }
    following ??= out.then(() => {
      following = undefined;
      return caughtUp();
    });
    return following;
  };

  await connect();
  const heartbeat = setInterval(() => void caughtUp(), listenTimeouts.everyMs);
  heartbeat.unref();
  return {
    caughtUp,
    stop: async () => {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      const last = client;
      client = undefined;
      // Ending sends the server a goodbye; a stalled server never answers it, and the stop goes on.
      if (last)
        await Promise.race([last.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, serverTimeouts.closeMs).unref())]);
    },
  };
}
