import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { createTestDatabase } from './test-database.ts';

export const root = path.resolve(import.meta.dirname, '../../..');

/** Each test that starts the real server in a child process may wait this long for it. */
export const processTimeout = 180_000;

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Kills the process and anything it started. */
  killAll(): void;
}

/**
 * The real server in a child process; a setting given as undefined is left out of its environment.
 * `command` is what runs it: the server module itself by default, or e.g. `['npm', 'start']`.
 */
export function startServer(env: Record<string, string | undefined>, command?: string[]): ServerProcess {
  // Tests sign many accounts up from one address, and with REDIS_URL every test's server shares the counts:
  // the limit is off unless a test sets its own. Admins work without a second factor unless a test
  // asks for ADMIN_MFA=required.
  const merged: Record<string, string | undefined> = {
    ...process.env,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT: '100000',
    ADMIN_MFA: 'optional',
    ...env,
  };
  const [file, ...args] = command ?? [process.execPath, '--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(file!, args, {
    cwd: root,
    env: Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a test can end everything it started (npm and the server under it).
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return {
    child,
    exited,
    output: () => output,
    killAll: () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}

export async function waitForHealth(url: string, exited: Promise<unknown>) {
  let done = false;
  void exited.then(() => (done = true));
  // Booting the embedded database takes a few seconds, far longer on a busy machine: a start took more
  // than 75 s on two CPUs running the browser suites beside it.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline && !done) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not answer its health check');
}

/**
 * The real server in a child process on a fresh database of the suite's kind (embedded in memory, or a
 * new one on the DATABASE_URL server), at `origin`; `stop` kills it if still running and drops the database.
 */
export async function startOnFreshDatabase(
  env: Record<string, string | undefined> = {},
  command?: string[],
  /** How the server reaches its fresh server database, e.g. through a fault proxy. */
  reachDatabase: (databaseUrl: string) => string = (url) => url,
) {
  const database = await createTestDatabase(loadConfig().databaseUrl);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: 'memory://',
      ...(database.databaseUrl ? { DATABASE_URL: reachDatabase(database.databaseUrl) } : {}),
      ...env,
    },
    command,
  );
  return {
    server,
    origin,
    databaseUrl: database.databaseUrl,
    async stop() {
      server.killAll();
      await server.exited;
      await database.drop();
    },
  };
}
