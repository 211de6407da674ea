import { Worker } from 'node:worker_threads';
import type { EmbeddedThreadOptions, Reply, Request, ThreadError } from './embedded-thread-protocol.ts';

type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string, typeId?: number) => unknown> };

/**
 * The types whose values a query's parsers keep as the text PostgreSQL sends (the ORM makes its own
 * dates, times and intervals from it, drizzle-orm/pglite asks so). A function cannot cross to the thread,
 * so the thread is told these types' ids and keeps their text there; a parser that changes the text
 * could not be applied there, and fails the query rather than being skipped. Worked out once per set of
 * parsers (the ORM gives the same object each time).
 */
const textTypesOf = new WeakMap<object, number[]>();
function textTypes(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  let ids = textTypesOf.get(parsers);
  if (!ids) {
    ids = [];
    for (const [id, parse] of Object.entries(parsers)) {
      if (parse('2026-11-27 10:00:00+00', Number(id)) !== '2026-11-27 10:00:00+00')
        throw new Error(`the embedded database keeps values as text, and cannot apply the parser given for type ${id}`);
      ids.push(Number(id));
    }
    textTypesOf.set(parsers, ids);
  }
  return ids;
}
type Pending = { resolve(value: unknown): void; reject(error: Error): void };
type Call = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/**
 * Where the thread's code is: beside the built server (dist/server, scripts/server-build.mjs), or, run
 * from the sources, through the TypeScript loader.
 */
function threadEntry(): URL {
  return import.meta.url.endsWith('.mjs')
    ? new URL('./embedded-thread.mjs', import.meta.url)
    : new URL('./embedded-thread-from-source.mjs', import.meta.url);
}

/**
 * The database is gone with its thread: PostgreSQL's "terminating connection" code, which the app's
 * outage handling answers with 503 (http/outage.ts).
 */
function threadStopped(exitCode: number): Error {
  return Object.assign(new Error(`the embedded database's thread stopped (exit code ${exitCode})`), { code: '57P01' });
}

/** A database error from the thread, with PostgreSQL's fields (code, constraint…) as the library gives them. */
function asError(error: ThreadError): Error {
  const { message, name, ...fields } = error;
  return Object.assign(new Error(message), fields, name && name !== 'Error' ? { name } : {});
}

/**
 * The embedded database, run in a thread of its own (embedded-thread.ts): the part of PGlite's client the
 * ORM and the app use (statements, transactions, notices, a dump, close), each sent to the thread and
 * answered from it. Statements are run there one at a time, as PGlite runs them; a transaction holds
 * the database from its begin to its end, and statements outside it wait, as they did in this thread.
 */
export class EmbeddedClient {
  private readonly pending = new Map<number, Pending>();
  /** Per channel: who is told of its notices, and the LISTEN that began hearing them. */
  private readonly listeners = new Map<string, { callbacks: Set<(payload: string) => void>; listening: Promise<unknown> }>();
  private next = 1;
  private exited: Error | undefined;
  private closing = false;
  closed = false;
  /** Told once if the thread stops without being closed (a crash, out of memory): the database is gone. */
  onLost: ((error: Error) => void) | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      if ('channel' in reply) {
        for (const listener of this.listeners.get(reply.channel)?.callbacks ?? []) listener(reply.payload);
      } else if ('id' in reply) {
        const waiting = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        if (reply.ok) waiting?.resolve(reply.result);
        else waiting?.reject(asError(reply.error));
      }
    });
    // A thread that dies (out of memory, a crash in the database) fails what waits and all that follows.
    const fail = (error: Error) => {
      const first = !this.exited;
      this.exited ??= error;
      this.closed = true;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      if (first && !this.closing) this.onLost?.(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(threadStopped(code)));
  }

  /** Starts the thread and resolves once the database in it is ready. */
  static start(options: EmbeddedThreadOptions): Promise<EmbeddedClient> {
    const worker = new Worker(threadEntry(), { workerData: options, stdout: false, stderr: false });
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => {
        worker.off('message', ready);
        worker.off('exit', exited);
        reject(error);
      };
      const exited = (code: number) => failed(threadStopped(code));
      const ready = (reply: Reply) => {
        worker.off('exit', exited);
        worker.off('error', failed);
        if ('ready' in reply && reply.ready) {
          worker.unref();
          resolve(new EmbeddedClient(worker));
        } else {
          reject('ready' in reply && !reply.ready ? asError(reply.error) : new Error('the embedded database did not start'));
          // Whatever the thread does on its way out is no longer anyone's to hear.
          worker.on('error', () => {});
          void worker.terminate();
        }
      };
      worker.on('error', failed);
      worker.once('exit', exited);
      worker.once('message', ready);
    });
  }

  /** Sends a request; its id, and its answer to come. */
  private send(request: Call): { id: number; answer: Promise<unknown> } {
    const id = this.next++;
    if (this.exited) return { id, answer: Promise.reject(this.exited) };
    // The thread keeps the process alive only while something waits on it, as the database in this
    // thread did: an idle open database never holds a process that is otherwise done.
    if (this.pending.size === 0) this.worker.ref();
    const answer = new Promise((resolve, reject) => {
      const settle = () => {
        if (this.pending.size === 0) this.worker.unref();
      };
      this.pending.set(id, {
        resolve: (value) => {
          resolve(value);
          settle();
        },
        reject: (error) => {
          reject(error);
          settle();
        },
      });
    });
    try {
      this.worker.postMessage({ ...request, id });
    } catch (error) {
      // A value that cannot cross to the thread (a function, a symbol…): nothing was sent.
      this.pending.get(id)?.reject(error as Error);
      this.pending.delete(id);
      if (this.pending.size === 0) this.worker.unref();
    }
    return { id, answer };
  }

  private call(request: Call): Promise<unknown> {
    return this.send(request).answer;
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    return this.call({ op: 'query', sql, params, rowMode: options?.rowMode, textTypes: textTypes(options?.parsers) }) as Promise<Results>;
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: { query: EmbeddedClient['query'] }) => Promise<T>): Promise<T> {
    const begin = this.send({ op: 'begin' });
    const tx = begin.id;
    await begin.answer;
    let result: T;
    try {
      result = await work({
        query: (sql, params, options) =>
          this.call({
            op: 'query',
            sql,
            params,
            rowMode: options?.rowMode,
            textTypes: textTypes(options?.parsers),
            tx,
          }) as Promise<Results>,
      });
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  /** Calls `listener` with each notice on `channel`; resolves to what stops it. */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let entry = this.listeners.get(channel);
    if (!entry) {
      const created = { callbacks: new Set<(payload: string) => void>(), listening: this.call({ op: 'listen', channel }) };
      entry = created;
      this.listeners.set(channel, created);
      // A LISTEN that failed is not kept: the next caller asks again rather than never hearing a notice.
      created.listening.catch(() => {
        if (this.listeners.get(channel) === created) this.listeners.delete(channel);
      });
    }
    await entry.listening;
    const { callbacks } = entry;
    callbacks.add(listener);
    const listened = entry;
    return async () => {
      callbacks.delete(listener);
      if (callbacks.size > 0 || this.listeners.get(channel) !== listened) return;
      this.listeners.delete(channel);
      if (!this.closed) await this.call({ op: 'unlisten', channel });
    };
  }

  dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return this.call({ op: 'dump', compression }) as Promise<Blob>;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closing = true;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}
