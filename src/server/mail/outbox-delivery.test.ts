import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, processTimeout, type ServerProcess, startServer, waitForHealth } from '../test/server-process.ts';
import { startSmtpStandIn } from '../test/smtp-stand-in.ts';

const password = 'kettle-harbour-42';

async function post(origin: string, pathname: string, body: unknown, token?: string) {
  return fetch(`${origin}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

describe('a message whose sending is cut short', () => {
  it(
    'goes out once after the process is killed between the change and the send, and SMTP comes back',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'hh-outbox-'));
      // SMTP is down: nothing listens where SMTP_URL points.
      const smtpPort = await freePort();
      const env = {
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
        REDIS_URL: undefined,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://test:secret@127.0.0.1:${smtpPort}`,
      };
      let server: ServerProcess | undefined;
      const smtp = { current: undefined as Awaited<ReturnType<typeof startSmtpStandIn>> | undefined };
      try {
        let port = await freePort();
        let origin = `http://127.0.0.1:${port}`;
        server = startServer({ ...env, PORT: String(port), PUBLIC_URL: origin });
        await waitForHealth(`${origin}/api/health`, server.exited);

        const email = `killed-${Date.now()}@example.org`;
        const signUp = await post(origin, '/api/auth/sign-up/email', { name: 'Kim Killed', email, password });
        expect(signUp.status).toBe(200);
        const token = signUp.headers.get('set-auth-token') ?? '';
        const [event] = (await (await fetch(`${origin}/api/events?limit=1`)).json()) as { _id: string }[];
        const registered = await post(origin, '/api/register', { eventId: event?._id }, token);
        expect(registered.status).toBe(201);
        // The registration and its message are committed; the send failed (nothing listens) and waits to retry.
        // Its own line, not the sign-up confirmation's: killed while this message was still being tried, it
        // would stay claimed for two minutes before another process may take it.
        await expect
          .poll(
            () =>
              (server?.output() ?? '')
                .split('\n')
                .some((line) => line.includes('message not sent yet: will retry') && line.includes('"kind":"registration-confirmed"')),
            { timeout: 15_000 },
          )
          .toBe(true);

        server.child.kill('SIGKILL');
        await server.exited;

        smtp.current = await startSmtpStandIn(smtpPort);
        port = await freePort();
        origin = `http://127.0.0.1:${port}`;
        server = startServer({ ...env, PORT: String(port), PUBLIC_URL: origin });
        await waitForHealth(`${origin}/api/health`, server.exited);

        const confirmation = (m: { subject: string }) => m.subject.startsWith('You are registered');
        // Retries wait 10 s, then 30 s: on a busy machine the killed process may have tried twice.
        await expect
          .poll(async () => (await smtp.current!.mailTo(email, { count: 0 })).filter(confirmation).length, {
            timeout: 75_000,
            interval: 200,
          })
          .toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        expect((await smtp.current.mailTo(email, { count: 0 })).filter(confirmation)).toHaveLength(1);
      } finally {
        server?.killAll();
        await smtp.current?.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    processTimeout * 2,
  );
});
