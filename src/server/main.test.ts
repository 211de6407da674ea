import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { freePort, processTimeout, startOnFreshDatabase, startServer, waitForHealth } from './test/server-process.ts';

describe('the server process', () => {
  it(
    'starts, answers health, and on SIGTERM closes the database and exits 0',
    async () => {
      const { server, origin, stop } = await startOnFreshDatabase();
      try {
        const res = await waitForHealth(`${origin}/api/health`, server.exited);
        expect(res.status).toBe(200);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        expect(server.output()).toContain('stopping: finishing requests in flight');
        await expect(fetch(`${origin}/api/health`)).rejects.toThrow();
      } finally {
        await stop();
      }
    },
    processTimeout,
  );

  it(
    'on SIGTERM finishes a request already in flight, answering it in full, before it exits',
    async () => {
      const { server, origin, stop } = await startOnFreshDatabase();
      try {
        await waitForHealth(`${origin}/api/health`, server.exited);
        const credentials = { email: `leaving-${Date.now()}@example.org`, password: 'kettle-harbour-42' };
        const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ name: 'Lee Leaving', ...credentials }),
        });
        expect(signUp.status).toBe(200);

        // A sign-in whose body is only half sent when SIGTERM arrives: the server has the request but
        // cannot answer it until the rest comes.
        const body = Buffer.from(JSON.stringify(credentials));
        const request = http.request(`${origin}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.length, origin },
        });
        const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
          request.on('response', resolve);
          request.on('error', reject);
        });
        request.write(body.subarray(0, 10));
        await new Promise((resolve) => setTimeout(resolve, 300));
        server.child.kill('SIGTERM');
        await expect.poll(server.output, { timeout: 5000 }).toContain('stopping: finishing requests in flight');
        // Stopping has begun; the process is still there, waiting for this request.
        expect(server.child.exitCode).toBeNull();
        request.end(body.subarray(10));

        const response = await answered;
        let text = '';
        for await (const chunk of response) text += chunk;
        expect(response.statusCode).toBe(200);
        expect(response.headers['set-auth-token']).toBeTruthy();
        expect(JSON.parse(text).user.email).toBe(credentials.email);
        expect(await server.exited).toBe(0);
      } finally {
        await stop();
      }
    },
    processTimeout,
  );

  it(
    'on SIGTERM closes idle keep-alive connections at once, answers a request already received with Connection: close, and exits 0 within 10 s',
    async () => {
      const { server, origin, stop } = await startOnFreshDatabase();
      try {
        await waitForHealth(`${origin}/api/health`, server.exited);
        const { port } = new URL(origin);
        // An idle keep-alive connection, as a browser or load balancer leaves one.
        const idle = net.connect(Number(port), '127.0.0.1');
        let idleAnswer = '';
        idle.on('data', (chunk) => (idleAnswer += chunk));
        const idleClosed = new Promise((resolve) => idle.on('close', resolve));
        idle.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
        await expect.poll(() => idleAnswer).toContain('"status":"ok"');
        expect(idleAnswer).toMatch(/keep-alive/i);

        // A connection busy with a request whose body is half sent, and a second request sent behind it.
        const busy = net.connect(Number(port), '127.0.0.1');
        let busyAnswer = '';
        busy.on('data', (chunk) => (busyAnswer += chunk));
        const busyClosed = new Promise((resolve) => busy.on('close', resolve));
        const body = JSON.stringify({ email: 'nobody@example.org', password: 'not-the-password-1' });
        busy.write(
          `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));

        const signalled = performance.now();
        server.child.kill('SIGTERM');
        await idleClosed;
        // The idle one went at once, not after the keep-alive timeout.
        expect(performance.now() - signalled).toBeLessThan(2000);
        expect(server.child.exitCode).toBeNull();

        busy.write(body.slice(10));
        await busyClosed;
        // Answered in full, telling the client to open its next request elsewhere.
        expect(busyAnswer).toMatch(/^HTTP\/1\.1 401/);
        expect(busyAnswer).toMatch(/\r\nconnection: close\r\n/i);
        expect(busyAnswer).toContain('Invalid email or password');
        expect(await server.exited).toBe(0);
        expect(performance.now() - signalled).toBeLessThan(10_000);
      } finally {
        await stop();
      }
    },
    processTimeout,
  );

  it(
    'on SIGTERM under load answers every request sent on an open connection (200 or 503), resetting none',
    async () => {
      const { server, origin, stop } = await startOnFreshDatabase({ LOG_LEVEL: 'warn' });
      const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
      try {
        await waitForHealth(`${origin}/api/health`, server.exited);
        const outcomes = new Map<string, number>();
        const count = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        let running = true;
        const get = () =>
          new Promise<void>((resolve) => {
            const request = http.get(`${origin}/api/events?limit=24`, { agent }, (response) => {
              response.resume();
              response.on('end', () => {
                count(String(response.statusCode));
                resolve();
              });
              response.on('error', () => {
                count('cut off mid-reply');
                resolve();
              });
            });
            request.on('error', (error: NodeJS.ErrnoException) => {
              // A request sent on a connection the server had open, or on a new one it never accepted.
              count(`${error.code ?? error.message} ${request.reusedSocket ? 'on an open connection' : 'on a new connection'}`);
              resolve();
            });
          });
        // 50 keep-alive clients, each sending its next request as soon as the last is answered.
        const clients = Array.from({ length: 50 }, async () => {
          while (running) await get();
        });
        await expect.poll(() => outcomes.get('200') ?? 0, { timeout: 20_000 }).toBeGreaterThan(200);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        running = false;
        await Promise.all(clients);

        // Answered, or refused as a new connection once the server stopped listening (refused outright, or
        // reset from the listening queue it was closing); a request sent on an open connection is never reset.
        const refused = ['ECONNREFUSED on a new connection', 'ECONNRESET on a new connection'];
        const unexpected = [...outcomes.keys()].filter((outcome) => !['200', '503', ...refused].includes(outcome));
        expect(unexpected.map((outcome) => `${outcome} ×${outcomes.get(outcome)}`)).toEqual([]);
      } finally {
        agent.destroy();
        await stop();
      }
    },
    processTimeout,
  );

  it(
    'stops when a process manager sends SIGTERM to `npm start`: npm and the server both exit, the port closes',
    async () => {
      // WEB_DIR elsewhere: `npm start` then serves the API alone and builds nothing.
      const { server, origin, stop } = await startOnFreshDatabase({ WEB_DIR: '/nonexistent-web-build' }, ['npm', 'start']);
      try {
        await waitForHealth(`${origin}/api/health`, server.exited);
        const signalled = performance.now();
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        // Nothing left behind listening: the server itself got the signal, not only npm.
        await expect
          .poll(
            () =>
              fetch(`${origin}/api/health`).then(
                () => 'answering',
                () => 'closed',
              ),
            { timeout: 3000 },
          )
          .toBe('closed');
        expect(performance.now() - signalled).toBeLessThan(10_000);
        expect(server.output()).toContain('stopping: finishing requests in flight');
      } finally {
        await stop();
      }
    },
    processTimeout,
  );

  it('refuses to start with a clear message when a setting is invalid', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: 'memory://' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: ');
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/);
  });
});

const password = 'kettle-harbour-42';

/** Signs up in a loop, several at a time, until `stop()`: the addresses the server acknowledged (200). */
function signUpUntilStopped(origin: string, label: string) {
  const acknowledged: string[] = [];
  let stopped = false;
  let n = 0;
  const worker = async () => {
    while (!stopped) {
      n += 1;
      const email = `crash-${label}-${n}@example.org`;
      try {
        const res = await fetch(`${origin}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ name: `Crash ${label} ${n}`, email, password }),
        });
        if (res.status === 200) acknowledged.push(email);
        await res.arrayBuffer();
      } catch {
        // the process was killed under this request: not acknowledged
      }
    }
  };
  const workers = Promise.all(Array.from({ length: 4 }, worker));
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await workers;
    },
  };
}

async function emailsOf(origin: string, auth: Record<string, string>): Promise<Set<string>> {
  const emails = new Set<string>();
  for (let offset = 0; ; offset += 100) {
    const res = await fetch(`${origin}/api/users?q=crash-&limit=100&offset=${offset}`, { headers: auth });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { email: string }[];
    for (const row of page) emails.add(row.email);
    if (page.length < 100) return emails;
  }
}

// The embedded database in a folder, tested once: in the PostgreSQL pass it would be the same test again.
describe.runIf(!loadConfig().databaseUrl)('the embedded database in a folder', () => {
  it(
    'refuses a second process on the same DATA_DIR, naming the folder and the holder, and restarts after a kill -9',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'hh-lock-'));
      // The embedded database on disk, whichever database the suite runs on.
      const embedded = { HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: undefined, REDIS_URL: undefined };
      const firstPort = await freePort();
      const first = startServer({ ...embedded, PORT: String(firstPort) });
      const restartPort = await freePort();
      let restarted: ReturnType<typeof startServer> | undefined;
      try {
        await waitForHealth(`http://127.0.0.1:${firstPort}/api/health`, first.exited);

        const second = startServer({ ...embedded, PORT: String(await freePort()) });
        expect(await second.exited).toBe(1);
        expect(second.output()).toContain(`The data folder ${dataDir} is in use by process ${first.child.pid}`);
        expect(second.output()).not.toMatch(/at .*\.ts:\d+/);
        // The first goes on answering.
        expect((await fetch(`http://127.0.0.1:${firstPort}/api/health`)).status).toBe(200);

        // Killed without a chance to clean up, it leaves its lock behind: a restart takes it over.
        first.child.kill('SIGKILL');
        await first.exited;
        restarted = startServer({ ...embedded, PORT: String(restartPort) });
        expect((await waitForHealth(`http://127.0.0.1:${restartPort}/api/health`, restarted.exited)).status).toBe(200);
        restarted.child.kill('SIGTERM');
        expect(await restarted.exited).toBe(0);
        // A clean stop gives the folder back.
        expect(await readdir(dataDir)).not.toContain('helping-hands.pid');
      } finally {
        first.child.kill('SIGKILL');
        restarted?.child.kill('SIGKILL');
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    processTimeout * 2,
  );

  it(
    'kill -9 during writes, five times in a row: after each restart every acknowledged write is there',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'hh-crash-'));
      const adminEmail = `crash-admin-${Date.now()}@example.org`;
      // The embedded database on disk, whichever database the suite runs on.
      const env = {
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
        REDIS_URL: undefined,
        ADMIN_EMAILS: adminEmail,
        // Info: the admin confirms its address from the log line the outbox writes without SMTP_URL.
        LOG_LEVEL: 'info',
      };
      let server: ReturnType<typeof startServer> | undefined;
      const acknowledged: string[] = [];
      let auth: Record<string, string> = {};
      try {
        for (let cycle = 1; cycle <= 5; cycle++) {
          const port = await freePort();
          const origin = `http://127.0.0.1:${port}`;
          server = startServer({ ...env, PORT: String(port), PUBLIC_URL: origin });
          await waitForHealth(`${origin}/api/health`, server.exited);

          if (cycle === 1) {
            const res = await fetch(`${origin}/api/auth/sign-up/email`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin },
              body: JSON.stringify({ name: 'Crash Admin', email: adminEmail, password }),
            });
            expect(res.status).toBe(200);
            // ADMIN_EMAILS makes it admin once its password is chosen through the link mailed to the
            // address: here from the log line the outbox writes without SMTP_URL. That ends the
            // sign-up's session, so the admin signs in again.
            const started = server;
            await expect.poll(() => setUpLinkIn(started.output(), adminEmail), { timeout: 10_000, interval: 50 }).toBeTruthy();
            const link = new URL(setUpLinkIn(started.output(), adminEmail) ?? '');
            const chosen = await fetch(`${origin}/api/auth/reset-password`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin },
              body: JSON.stringify({ token: link.searchParams.get('token'), newPassword: password }),
            });
            expect(chosen.status).toBe(200);
            const signedIn = await fetch(`${origin}/api/auth/sign-in/email`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin },
              body: JSON.stringify({ email: adminEmail, password }),
            });
            expect(signedIn.status).toBe(200);
            auth = { authorization: `Bearer ${signedIn.headers.get('set-auth-token')}` };
          } else {
            // Everything acknowledged before the earlier kills is there, and the admin's session too.
            const present = await emailsOf(origin, auth);
            expect(acknowledged.filter((email) => !present.has(email))).toEqual([]);
          }

          const writes = signUpUntilStopped(origin, String(cycle));
          await expect.poll(() => writes.acknowledged.length, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(5);
          server.child.kill('SIGKILL');
          await server.exited;
          await writes.stop();
          acknowledged.push(...writes.acknowledged);
        }

        const port = await freePort();
        const origin = `http://127.0.0.1:${port}`;
        server = startServer({ ...env, PORT: String(port), PUBLIC_URL: origin });
        await waitForHealth(`${origin}/api/health`, server.exited);
        const present = await emailsOf(origin, auth);
        expect(acknowledged.length).toBeGreaterThanOrEqual(25);
        expect(acknowledged.filter((email) => !present.has(email))).toEqual([]);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        server?.killAll();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    processTimeout * 4,
  );
});

/** The 'finish setting up' link for `email` in the JSON log line the outbox writes when there is no SMTP_URL. */
function setUpLinkIn(output: string, email: string): string | undefined {
  for (const line of output.split('\n')) {
    if (!line.includes('"outbox"')) continue;
    try {
      const { outbox } = JSON.parse(line) as { outbox?: { kind?: string; to?: string; links?: string[] } };
      if (outbox?.kind === 'finish-set-up' && outbox.to === email) return outbox.links?.find((l) => l.includes('/reset-password?token='));
    } catch {
      // not a JSON line
    }
  }
  return undefined;
}
