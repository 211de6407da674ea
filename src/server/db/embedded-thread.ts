// The embedded database's own thread (docs/decisions/046-the-embedded-database-in-a-thread-of-its-own.md).
// PostgreSQL in WebAssembly runs each statement to its end without yielding, and with fsync on it waits
// for the disk too: in the web thread, that held every request, and new connections are accepted one per
// turn of the event loop, so in a registration rush a health check waited seconds just to be read. Here
// the statements run beside the web thread, which only sends them and reads their rows.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DurableNodeFS, durableStartParams } from './durable-fs.ts';
import type { EmbeddedThreadOptions, Reply, Request, ThreadError } from './embedded-thread-protocol.ts';

/** Parsers that keep the text of the types a query names (`textTypes`), made once per set of types. */
const asText = (value: string) => value;
const textParsers = new Map<string, Record<number, typeof asText>>();
function parsersKeeping(types: number[] | undefined): Record<number, typeof asText> | undefined {
  if (!types || types.length === 0) return undefined;
  const key = types.join(',');
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((id) => [id, asText]));
    textParsers.set(key, parsers);
  }
  return parsers;
}

const port = parentPort;
if (!port) throw new Error('embedded-thread.ts runs as a worker thread (see embedded-client.ts)');
const options = workerData as EmbeddedThreadOptions;

function open(): PGlite {
  const base: PGliteOptions = { extensions: { pg_trgm } };
  const memory = [...PGlite.defaultStartParams, ...options.memoryParams];
  if (options.dataDir.startsWith('memory://')) return new PGlite({ ...base, loadDataDir: options.snapshot, startParams: memory });
  if (options.durable)
    return new PGlite({ ...base, fs: new DurableNodeFS(options.dataDir), startParams: [...durableStartParams, ...options.memoryParams] });
  return new PGlite(options.dataDir, { ...base, startParams: memory });
}

/** What crosses to the web thread of a database error: its message and PostgreSQL's fields (code, constraint…). */
function describe(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return { ...fields, name: error.name, message: error.message };
}

const db = open();
/** A transaction the web thread ended without committing: not an error to report. */
const ROLLED_BACK = new Error('rolled back');
/** Open transactions by the id of the request that began them: the library's handle, and how to end it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();
const listening = new Map<string, () => Promise<void>>();

const send = (reply: Reply) => port.postMessage(reply);

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const on = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
      if (!on) throw new Error('the transaction has ended');
      return on.query(request.sql, request.params, { rowMode: request.rowMode, parsers: parsersKeeping(request.textTypes) });
    }
    case 'begin':
      // Answered once the transaction holds the database (after the statements before it); the web
      // thread's statements in it follow, and then its end, as requests of their own.
      return new Promise((began, failed) => {
        let end: (commit: boolean) => void = () => {};
        const done = db.transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              end = (ok) => (ok ? commit() : rollback(ROLLED_BACK));
              transactions.set(request.id, { tx, end, done });
              began(null);
            }),
        );
        // A transaction that could not begin answers its begin with the error; later, its end does.
        done.catch(failed);
      });
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('the transaction has ended');
      transactions.delete(request.tx);
      open.end(request.commit);
      await open.done.catch((error: unknown) => {
        if (error !== ROLLED_BACK) throw error;
      });
      return null;
    }
    case 'listen':
      if (!listening.has(request.channel))
        listening.set(request.channel, await db.listen(request.channel, (payload) => send({ channel: request.channel, payload })));
      return null;
    case 'unlisten': {
      const stop = listening.get(request.channel);
      listening.delete(request.channel);
      if (stop && !db.closed) await stop();
      return null;
    }
    case 'dump':
      return db.dumpDataDir(request.compression);
    case 'close':
      if (!db.closed) await db.close();
      return null;
  }
}

db.waitReady.then(
  () => {
    port.on('message', (request: Request) => {
      handle(request).then(
        (result) => send({ id: request.id, ok: true, result }),
        (error: unknown) => send({ id: request.id, ok: false, error: describe(error) }),
      );
    });
    send({ ready: true });
  },
  (error: unknown) => send({ ready: false, error: describe(error) }),
);
