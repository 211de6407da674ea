// The messages between the web thread and the embedded database's thread (embedded-thread.ts).

export interface EmbeddedThreadOptions {
  /** A folder, or 'memory://' for a database that lives only in the thread. */
  dataDir: string;
  /** For a database in memory: the dump to start from. */
  snapshot?: Blob;
  /** On disk: acknowledge a write only once it is on disk. */
  durable: boolean;
  /** PostgreSQL settings for its memory (client.ts `embeddedMemoryParams`). */
  memoryParams: string[];
}

export type Request = { id: number } & (
  | {
      op: 'query';
      sql: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Types whose values are given as PostgreSQL's text, not parsed (the ORM's own parsers). */
      textTypes?: number[];
      tx?: number;
    }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'close' }
);

/** A database error as it crosses: its message and PostgreSQL's fields (code, constraint, detail…). */
export type ThreadError = { message: string; name?: string } & Record<string, unknown>;

export type Reply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: ThreadError }
  | { channel: string; payload: string }
  | { ready: true }
  | { ready: false; error: ThreadError };
