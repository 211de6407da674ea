import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  config: Config;
  /** fetch against the running app: `api('/api/events')`. */
  api(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The real app on a real port, on its own fresh database: the embedded one in memory, or a new
 * database on the server that DATABASE_URL names (so the same suite runs on both).
 */
export async function startTestApp(overrides: Partial<Config> = {}, options: StartOptions = {}): Promise<TestApp> {
  // The app is reached at its public address, as in production (Origin is compared with it): a free
  // port is found first, unless the test names its own address.
  const choosesPort = overrides.port === undefined && !overrides.publicUrl;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(choosesPort ? await freePort() : (overrides.port ?? 0), overrides, options);
    } catch (err) {
      // The port was free when found, and taken (by another file's server, or as the local end of a
      // connection) in the seconds the app took to start: another one.
      if (!choosesPort || attempt === 5 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
}

interface StartOptions {
  durableWrites?: boolean;
  /** Receives each log line (JSON), for a test that reads the log. */
  logTo?: (line: string) => void;
  /** How the app reaches its fresh server database, e.g. through a fault proxy. */
  reachDatabase?: (databaseUrl: string) => string;
}

async function startOn(port: number, overrides: Partial<Config>, options: StartOptions): Promise<TestApp> {
  const base = loadConfig();
  const database = await createTestDatabase(base.databaseUrl);
  const config: Config = {
    ...base,
    port,
    publicUrl: `http://127.0.0.1:${port}`,
    // As config.ts makes it from PUBLIC_URL: no-reply at the public address's host.
    mail: { ...base.mail, senderAddress: 'no-reply@127.0.0.1' },
    host: '127.0.0.1',
    databaseUrl: database.databaseUrl && options.reachDatabase ? options.reachDatabase(database.databaseUrl) : database.databaseUrl,
    dataDir: database.dataDir,
    seedDemo: false,
    logLevel: 'silent',
    webDir: '/nonexistent-web-build',
    // Tests sign many accounts up from one address and write often as one account; the limits'
    // own tests set theirs.
    authRateLimit: 100_000,
    limits: {
      ...base.limits,
      signInPerAddress: 100_000,
      signInFailuresPerAccount: 100_000,
      perAccountHourly: { uploads: 100_000, reviews: 100_000, registrations: 100_000, paymentIntents: 100_000 },
      downloadsPerMinute: { ownData: 100_000, receipts: 100_000, certificates: 100_000 },
    },
    // Admin journeys work without a second factor unless a test asks for ADMIN_MFA=required.
    adminMfa: 'optional',
    ...overrides,
  };
  const app = await buildApp(config, {
    databaseSnapshot: database.snapshot,
    durableWrites: options.durableWrites,
    logStream: options.logTo && { write: options.logTo },
  }).catch(async (err: unknown) => {
    await database.drop();
    throw err;
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // The port was taken (a caller may try another): nothing of this app may stay behind.
    await app.close().catch(() => undefined);
    await database.drop();
    throw err;
  }
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test app is not listening on a TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    baseUrl,
    config,
    api: (path, init) => fetch(`${baseUrl}${path}`, init),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** A port nobody listens on now (the system's choice), for an app that must know its address before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a statement as someone other than the app would: on a connection of its own (the server), or on the embedded database outside any request. */
export async function writeElsewhere(t: TestApp, statement: string) {
  if (!t.config.databaseUrl) {
    await t.app.db.execute(statement);
    return;
  }
  const client = new pg.Client({ connectionString: t.config.databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
