import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The part of an open file the embedded database's file layer hands to `fsync`. */
interface NodeStream {
  nfd?: number;
  node?: unknown;
}

type EmscriptenOptions = Parameters<NodeFS['init']>[1];
type PostgresMod = Required<EmscriptenOptions>;

interface NodeFsModule {
  NODEFS: { stream_ops: Record<string, unknown>; realPath(node: unknown): string; tryFSOperation<T>(operation: () => T): T };
}

/**
 * The embedded database's files on disk, with `fsync` that reaches the disk.
 *
 * The embedded PostgreSQL runs in WebAssembly over Node's file system, where `fsync` was a no-op, and it
 * starts with `fsync` off: a commit was acknowledged once written to the operating system's cache, so a
 * power loss or system crash could lose it. Here `fsync` calls the real one, so PostgreSQL's own
 * guarantees hold: a commit is acknowledged only after its WAL is on disk, a checkpoint only after the
 * data files are.
 */
export class DurableNodeFS extends NodeFS {
  /** How many times the database asked for a file to reach the disk, and the last few files: for tests. */
  syncs = 0;
  readonly recentlySynced: string[] = [];

  override async init(pg: PGlite, opts: EmscriptenOptions) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...((emscriptenOpts.preRun as ((mod: PostgresMod) => void)[] | undefined) ?? []),
      (mod: PostgresMod) => {
        const { NODEFS } = mod as unknown as NodeFsModule;
        NODEFS.stream_ops.fsync = (stream: NodeStream) => {
          if (stream.nfd === undefined) return 0;
          NODEFS.tryFSOperation(() => fsyncSync(stream.nfd as number));
          this.syncs += 1;
          this.recentlySynced.push(NODEFS.realPath(stream.node));
          if (this.recentlySynced.length > 32) this.recentlySynced.shift();
          return 0;
        };
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as EmscriptenOptions };
  }
}

/**
 * PGlite's start-up arguments with `fsync` on. `wal_sync_method=fsync` because the WebAssembly build
 * turns `fdatasync` into a no-op; `fsync` goes through the file layer above.
 */
export const durableStartParams = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'full_page_writes=on',
];
