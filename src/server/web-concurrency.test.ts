import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { freePort, processTimeout, type ServerProcess, startServer, waitForHealth } from './test/server-process.ts';
import { createTestDatabase, type TestDatabase } from './test/test-database.ts';

/**
 * `WEB_CONCURRENCY=2` on a database server: two server processes share one port, what one is told the
 * other shows, one that dies is replaced, and a stop ends them all.
 */
const { databaseUrl } = loadConfig();

describe('WEB_CONCURRENCY without a database server', () => {
  it('refuses to start, saying that several processes need DATABASE_URL', async () => {
    const server = startServer({ DATABASE_URL: undefined, DATA_DIR: 'memory://', PORT: String(await freePort()), WEB_CONCURRENCY: '2' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('WEB_CONCURRENCY: more than one process needs DATABASE_URL');
    expect(server.output()).not.toContain('started server processes');
  });
});

describe.runIf(databaseUrl)('WEB_CONCURRENCY', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let origin: string;

  beforeAll(async () => {
    database = await createTestDatabase(databaseUrl);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = startServer({
      DATABASE_URL: database.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      WEB_CONCURRENCY: '2',
    });
    await waitForHealth(`${origin}/api/health`, server.exited);
  }, processTimeout);
  afterAll(async () => {
    server?.killAll();
    await database?.drop();
  });

  /** The server processes that said they are listening, by pid (each log line carries its process's). */
  const listening = () =>
    new Set(
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('Server listening'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );

  it(
    'runs two processes on one port, each showing within a second what was written through either',
    async () => {
      const until = Date.now() + 60_000;
      while (listening().size < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(listening().size).toBe(2);
      expect(server.output()).toContain('started server processes');

      const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ name: 'Coordinator', email: 'coordinator@example.org', password: 'kettle-harbour-42' }),
      });
      expect(signUp.status).toBe(200);
      const auth = { authorization: `Bearer ${signUp.headers.get('set-auth-token')}` };
      const client = new pg.Client({ connectionString: database.databaseUrl });
      await client.connect();
      await client.query(`update account set role = 'admin' where email = 'coordinator@example.org'`).finally(() => client.end());
      // Each read below opens a connection of its own, which the primary hands to either process in turn.
      const readTitles = async () => {
        const res = await fetch(`${origin}/api/events?limit=50`, { headers: { connection: 'close' } });
        return ((await res.json()) as { title: string }[]).map((e) => e.title);
      };
      for (let i = 0; i < 6; i++) expect(await readTitles()).not.toContain('Riverside Planting');
      const created = await fetch(`${origin}/api/events`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', origin, connection: 'close' },
        body: JSON.stringify({
          title: 'Riverside Planting',
          desc: 'Trees along the bank.',
          banner: '/images/events/food-bank.svg',
          date: '2031-04-12',
        }),
      });
      expect(created.status).toBe(200);
      // The other process hears of it from the database a moment later: within a second, every read shows it.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      for (let i = 0; i < 6; i++) expect(await readTitles()).toContain('Riverside Planting');
    },
    processTimeout,
  );

  it(
    'starts another process when one dies, and stops them all on SIGTERM',
    async () => {
      const [victim] = [...listening()];
      expect(victim).toBeDefined();
      process.kill(victim as number, 'SIGKILL');
      const until = Date.now() + 60_000;
      while (listening().size < 3 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(listening().size).toBe(3);
      expect(server.output()).toContain('a server process stopped: starting another');
      for (let i = 0; i < 4; i++) expect((await fetch(`${origin}/api/health`, { headers: { connection: 'close' } })).status).toBe(200);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      await expect(fetch(`${origin}/api/health`)).rejects.toThrow();
    },
    processTimeout,
  );
});
