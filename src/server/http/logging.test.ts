import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type FaultProxy, startFaultProxy, throughProxy } from '../test/fault-proxy.ts';
import { freePort, processTimeout, type ServerProcess, startServer, waitForHealth } from '../test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

// The real server in a child process, as it runs in production (LOG_LEVEL info, its output as an operator
// collects it), on the suite's kind of database; with a server database, through a proxy the tests can
// cut it off with.
const serverUrl = loadConfig().databaseUrl;
let database: TestDatabase;
let proxy: FaultProxy | undefined;
let server: ServerProcess;
let origin: string;

interface Session {
  token: string;
  /** The cookie as the browser sends it back: `better-auth.session_token=<token>.<signature, percent-encoded>`. */
  cookie: string;
  /** Everything in the session that lets someone act as its owner, in each form it travels in. */
  secrets: string[];
}
const sessions: Session[] = [];

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  source?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  err?: unknown;
}

function logLines(): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`a line of the server's output is not JSON: ${line}`);
      }
    });
}

/** Every line is JSON, and no token, cookie value or signature handed out so far is anywhere in the output. */
function expectCleanLog() {
  expect(logLines().length).toBeGreaterThan(0);
  const output = server.output();
  for (const secret of sessions.flatMap((session) => session.secrets)) expect(output).not.toContain(secret);
}

/** The id the log gave the latest request to this address that was answered with this status. */
async function requestIdOf(urlStart: string, status: number): Promise<string> {
  const started = () =>
    logLines().filter((line) => line.msg === 'request completed' && line.req?.url.startsWith(urlStart) && line.res?.statusCode === status);
  await expect.poll(started).not.toHaveLength(0);
  return started().at(-1)?.reqId ?? '';
}

function sessionOf(res: Response): Session {
  const answered = res.headers.get('set-auth-token');
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('better-auth.session_token='))
    ?.split(';')[0];
  if (!answered || !cookie) throw new Error('the answer carried no session');
  const [token = '', signature = ''] = answered.split('.');
  const unpadded = signature.replace(/=+$/, '');
  expect(token).toMatch(/^[A-Za-z0-9]{20,}$/);
  expect(unpadded.length).toBeGreaterThan(20);
  return { token, cookie, secrets: [token, unpadded, encodeURIComponent(unpadded), cookie.split('=').slice(1).join('=')] };
}

async function post(path: string, body: unknown) {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });
}

const credentials = { email: `logged-${Date.now()}@example.org`, password: 'kettle-harbour-42' };

beforeAll(async () => {
  database = await createTestDatabase(serverUrl);
  let databaseUrl = database.databaseUrl;
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    proxy = await startFaultProxy({ host: url.hostname, port: Number(url.port || 5432) });
    databaseUrl = throughProxy(databaseUrl, proxy);
  }
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: 'memory://',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
  });
  await waitForHealth(`${origin}/api/health`, server.exited);

  const signedUp = await post('/api/auth/sign-up/email', { name: 'Lee Logged', ...credentials });
  expect(signedUp.status).toBe(200);
  sessions.push(sessionOf(signedUp));
  const signedIn = await post('/api/auth/sign-in/email', credentials);
  expect(signedIn.status).toBe(200);
  sessions.push(sessionOf(signedIn));
}, processTimeout);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await proxy?.close();
  await database?.drop();
});

describe('the server log', () => {
  it('holds no session token after signing up, signing in and using the session, and every line is JSON', async () => {
    const [, session] = sessions;
    if (!session) throw new Error('no session');
    const byBearer = await fetch(`${origin}/api/users/me`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(byBearer.status).toBe(200);
    const byCookie = await fetch(`${origin}/api/users/me`, { headers: { cookie: session.cookie } });
    expect(byCookie.status).toBe(200);
    expectCleanLog();
  });

  it('writes the sign-in library’s own lines as JSON, with the id of the request they are about', async () => {
    const res = await post('/api/auth/sign-in/email', { email: `nobody-${Date.now()}@example.org`, password: 'kettle-harbour-42' });
    expect(res.status).toBe(401);
    const reqId = await requestIdOf('/api/auth/sign-in/email', res.status);
    await expect.poll(() => logLines().filter((line) => line.source === 'better-auth' && line.reqId === reqId)).not.toHaveLength(0);
    expectCleanLog();
  });

  it(
    'a query the database refuses, with a session token among its values, leaves the token out of the log and says which request failed',
    async () => {
      const [session] = sessions;
      if (!session) throw new Error('no session');
      // The OAuth callback looks its `state` up in the database as given. Here the state is the session
      // cookie's value with a NUL character, which PostgreSQL refuses to take as text: the failed query's
      // values hold the signed session token, as a failed session lookup's do, and the request carries
      // the same session as cookie and bearer token.
      const state = `${session.cookie.split('=').slice(1).join('=')}%00`;
      const res = await fetch(`${origin}/api/auth/callback/google?state=${state}&code=from-the-provider`, {
        headers: { cookie: session.cookie, authorization: `Bearer ${session.token}`, origin },
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toContain('error=');

      const reqId = await requestIdOf('/api/auth/callback/google', res.status);
      const failed = () => logLines().filter((line) => line.reqId === reqId && line.level >= 50);
      await expect.poll(failed).not.toHaveLength(0);
      const err = JSON.stringify(failed()[0]?.err);
      // The SQL text and PostgreSQL's code stay; the values do not.
      expect(err).toContain('from \\"verification\\"');
      expect(err).toContain('"code":"22021"');
      expect(err).toContain('params: [redacted]');
      expect(logLines().find((line) => line.reqId === reqId && line.req)?.req?.url).toBe(
        '/api/auth/callback/google?state=[redacted]&code=[redacted]',
      );
      expectCleanLog();
    },
    processTimeout,
  );

  // Only a server database can be cut off from the app from outside it; the embedded one lives in the process.
  if (serverUrl) {
    it(
      'a session lookup that fails because the database is down leaves the token out of the log and says which request failed',
      async () => {
        const [session] = sessions;
        if (!session || !proxy) throw new Error('no session or no proxy');
        proxy.set('refuse');
        try {
          const res = await fetch(`${origin}/api/users/me`, {
            headers: { cookie: session.cookie, authorization: `Bearer ${session.token}`, origin },
          });
          expect([500, 503]).toContain(res.status);
          const reqId = await requestIdOf('/api/users/me', res.status);
          const failed = () => logLines().filter((line) => line.reqId === reqId && line.level >= 50);
          await expect.poll(failed).not.toHaveLength(0);
          const errors = JSON.stringify(failed().map((line) => line.err));
          expect(errors).toContain('from \\"session\\" where \\"session\\".\\"token\\" = $1');
          expect(errors).toContain('params: [redacted]');
          expectCleanLog();
        } finally {
          proxy.set('pass');
        }
      },
      processTimeout,
    );
  }
});
