import { randomInt, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, countDistinct, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalCountHeader } from '../shared/http.ts';
import { registrationMessages } from '../shared/registrations.ts';
import { loadConfig } from './config.ts';
import { demoEvents, demoReviews } from './db/demo-content.ts';
import { MIGRATION_LOCK_KEY, migrationsFolder } from './db/migrate.ts';
import * as schema from './db/schema.ts';
import { freePort, processTimeout, type ServerProcess, startServer, waitForHealth } from './test/server-process.ts';
import { createTestDatabase, type TestDatabase } from './test/test-database.ts';

/**
 * Two app processes behind one load balancer, on one PostgreSQL database (and one Redis when the
 * suite has it): what was done through one instance holds on the other, and what both are asked at
 * once happens once.
 */

const { databaseUrl, redisUrl } = loadConfig();

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}
const readJournal = async () => JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;

// Runs on every database: the two-instance check below counts one applied migration per file in
// drizzle/, which only means "every migration" when the journal and the folder agree.
describe('the migrations journal', () => {
  it('lists every migration file in drizzle/, once, in order', async () => {
    const files = (await readdir(migrationsFolder)).filter((name) => name.endsWith('.sql')).sort();
    const { entries } = await readJournal();
    expect(entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
    expect(entries.map((entry) => entry.idx)).toEqual(files.map((_, i) => i));
    expect(new Set(entries.map((entry) => entry.when)).size).toBe(entries.length);
  });
});

// The embedded database belongs to one process by design (a second one on the same DATA_DIR is
// refused, see main.test.ts); several instances need a database server.
describe.runIf(databaseUrl)('two instances on one database server', () => {
  /** The address people use: the load balancer's, which terminates https and forwards to either instance. */
  const publicUrl = 'https://give.example.org';
  // Small, so the shared count shows; each person below calls from an address of their own.
  const limit = 3;

  interface Instance {
    name: string;
    origin: string;
    server: ServerProcess;
  }
  let database: TestDatabase;
  let pool: pg.Pool;
  let db: ReturnType<typeof drizzle<typeof schema>>;
  let a: Instance;
  let b: Instance;
  const both = () => [a, b] as const;

  /** What the load balancer forwards for a browser at `ip`: its Origin, its address, the scheme it used. */
  const fromBrowser = (ip: string) => ({ origin: publicUrl, 'x-forwarded-for': ip, 'x-forwarded-proto': 'https' });
  const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  function send(instance: Instance, method: string, url: string, headers: Record<string, string>, body?: unknown) {
    return fetch(`${instance.origin}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  interface Person {
    email: string;
    password: string;
    ip: string;
    /** The session cookie as the browser sends it back. */
    cookie: string;
    /** The same session as a bearer token. */
    token: string;
    /** What the browser sends with each call: Origin, address, session cookie. */
    headers: Record<string, string>;
  }

  async function signUp(through: Instance, label: string): Promise<Person> {
    const ip = someAddress();
    const email = `${label}-${randomUUID()}@example.org`;
    const password = 'kettle-harbour-42';
    const res = await send(through, 'POST', '/api/auth/sign-up/email', fromBrowser(ip), { name: label, email, password });
    expect(res.status, await res.clone().text()).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('__Secure-better-auth.session_token='))
      ?.split(';')[0];
    const token = res.headers.get('set-auth-token');
    if (!cookie || !token) throw new Error('the sign-up answer carried no session');
    return { email, password, ip, cookie, token, headers: { ...fromBrowser(ip), cookie } };
  }

  async function me(instance: Instance, headers: Record<string, string>) {
    const res = await send(instance, 'GET', '/api/users/me', headers);
    expect(res.status).toBe(200);
    return (await res.json()) as { email: string } | null;
  }

  /** A (A, B, A, B, …) list of `n` calls, all sent at once. */
  const alternating = (n: number, callOn: (instance: Instance) => Promise<Response>) =>
    Promise.all(Array.from({ length: n }, (_, i) => callOn(i % 2 === 0 ? a : b)));

  function start(name: string, port: number): Instance {
    const url = new URL(database.databaseUrl ?? '');
    // Names this instance's connections, so the test can see where each one is waiting.
    url.searchParams.set('application_name', name);
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: 'true',
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      SEED_DEMO: 'true',
      AUTH_RATE_LIMIT: String(limit),
      // Left unset, as on a fresh install: the instances must agree on the secret they make.
      AUTH_SECRET: undefined,
      ADMIN_EMAILS: undefined,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_PUBLISHABLE_KEY: undefined,
      LOG_LEVEL: 'warn',
    });
    return { name, origin: `http://127.0.0.1:${port}`, server };
  }

  beforeAll(async () => {
    database = await createTestDatabase(databaseUrl);
    pool = new pg.Pool({ connectionString: database.databaseUrl, max: 2 });
    db = drizzle(pool, { schema });
    // Hold the migration lock while both start, so that both are certainly at the migration step
    // together (not one done before the other has booted); then let them go.
    const gate = await pool.connect();
    try {
      await gate.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const [portA, portB] = [await freePort(), await freePort()];
      a = start('instance-a', portA);
      b = start('instance-b', portB);
      const waiting = async () =>
        (
          await gate.query<{ application_name: string }>(
            `select distinct application_name from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'
             order by application_name`,
          )
        ).rows.map((row) => row.application_name);
      const deadline = Date.now() + 60_000;
      while ((await waiting()).length < 2) {
        if (Date.now() > deadline || a.server.child.exitCode !== null || b.server.child.exitCode !== null) {
          throw new Error(`the instances were not both waiting to migrate:\n${a.server.output()}\n${b.server.output()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await gate.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    } finally {
      gate.release();
    }
    await Promise.all(both().map((i) => waitForHealth(`${i.origin}/api/health`, i.server.exited)));
  }, processTimeout);

  afterAll(async () => {
    for (const instance of [a, b]) instance?.server.child.kill('SIGKILL');
    await Promise.all([a, b].map((instance) => instance?.server.exited));
    await pool?.end();
    await database?.drop();
  }, processTimeout);

  it('both started at once apply each migration once and seed the demo content once, and both answer', async () => {
    const { entries } = await readJournal();
    const applied = await pool.query<{ hash: string; created_at: string }>(
      'select hash, created_at from drizzle.__drizzle_migrations order by created_at',
    );
    expect(applied.rows.map((row) => Number(row.created_at))).toEqual(entries.map((entry) => entry.when));
    expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(entries.length);

    const [events] = await db.select({ all: count(), titles: countDistinct(schema.event.title) }).from(schema.event);
    expect(events).toEqual({ all: demoEvents.length, titles: demoEvents.length });
    const [reviews] = await db.select({ all: count() }).from(schema.review);
    expect(reviews?.all).toBe(demoReviews.length);
    const secrets = await db.select().from(schema.appSetting).where(eq(schema.appSetting.key, 'auth_secret'));
    expect(secrets).toHaveLength(1);

    for (const instance of both()) {
      // Health answers as soon as the database does; the Redis connection may still be coming up then.
      await expect
        .poll(async () => (await fetch(`${instance.origin}/api/health`)).json(), { timeout: 30_000 })
        .toEqual({ status: 'ok', database: 'server', ...(redisUrl ? { redis: 'ok' } : {}) });
      const listed = await send(instance, 'GET', '/api/events', {});
      expect(listed.status).toBe(200);
      expect(listed.headers.get(totalCountHeader)).toBe(String(demoEvents.length));
    }
  });

  it('a session made on one works on the other, as cookie and as bearer token, and signing out on either ends it', async () => {
    const person = await signUp(a, 'sam');
    const bearer = { authorization: `Bearer ${person.token}` };
    for (const instance of both()) {
      expect((await me(instance, person.headers))?.email).toBe(person.email);
      expect((await me(instance, bearer))?.email).toBe(person.email);
    }

    const out = await send(b, 'POST', '/api/auth/sign-out', person.headers, {});
    expect(out.status).toBe(200);
    for (const instance of both()) {
      expect(await me(instance, person.headers)).toBeNull();
      expect(await me(instance, bearer)).toBeNull();
    }

    // Signing in again through B gives a session A knows.
    const again = await send(b, 'POST', '/api/auth/sign-in/email', fromBrowser(person.ip), {
      email: person.email,
      password: person.password,
    });
    expect(again.status).toBe(200);
    const token = again.headers.get('set-auth-token');
    expect((await me(a, { authorization: `Bearer ${token}` }))?.email).toBe(person.email);
  });

  it('50 identical registrations sent over both at once make one', async () => {
    const person = await signUp(b, 'riley');
    const [upcoming] = await db.select({ id: schema.event.id }).from(schema.event).where(sql`${schema.event.date} > current_date`).limit(1);
    const eventId = upcoming?.id ?? '';

    const answers = await alternating(50, (instance) => send(instance, 'POST', '/api/register', person.headers, { eventId }));
    const bodies = await Promise.all(answers.map((res) => res.json()));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const body of bodies.filter((_, i) => statuses[i] === 409)) {
      expect(body).toEqual({ error: { code: 'conflict', message: registrationMessages.alreadyRegistered } });
    }
    const stored = await db
      .select({ id: schema.registration.id })
      .from(schema.registration)
      .innerJoin(schema.account, eq(schema.registration.accountId, schema.account.id))
      .where(and(eq(schema.account.email, person.email), eq(schema.registration.eventId, eventId)));
    expect(stored).toEqual([{ id: bodies[statuses.indexOf(201)].insertedId }]);
  });

  it('20 confirmations of one payment sent over both at once make one donation', async () => {
    const person = await signUp(a, 'dana');
    const [upcoming] = await db.select({ id: schema.event.id }).from(schema.event).limit(1);
    const started = await send(a, 'POST', '/api/create-payment-intent', person.headers, {
      eventId: upcoming?.id,
      attemptId: randomUUID(),
    });
    expect(started.status).toBe(200);
    const { clientSecret, paymentId } = (await started.json()) as { clientSecret: string; paymentId: string };
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', postalCode: '10001' };

    // The card form submitted 20 times, half to each instance: the payment succeeds once, and
    // every answer says it succeeded.
    const paid = await alternating(20, (instance) =>
      send(instance, 'POST', '/api/test-payments/confirm', person.headers, { clientSecret, card }),
    );
    expect(paid.map((res) => res.status)).toEqual(Array(20).fill(200));
    for (const body of await Promise.all(paid.map((res) => res.json()))) expect(body).toEqual({ status: 'succeeded', paymentId });

    // Then recorded 20 times: every answer names the same donation.
    const recorded = await alternating(20, (instance) =>
      send(instance, 'POST', '/api/payment', person.headers, { transaction: paymentId }),
    );
    expect(recorded.map((res) => res.status)).toEqual(Array(20).fill(200));
    const ids = new Set((await Promise.all(recorded.map((res) => res.json()))).map((body) => body.insertedId));
    expect(ids.size).toBe(1);

    const donations = await db.select().from(schema.donation).where(eq(schema.donation.transaction, paymentId));
    expect(donations.map((row) => row.id)).toEqual([...ids]);
    expect(donations[0]).toMatchObject({ amountCents: 3000, email: person.email, last4: '4242' });
  });

  // Without Redis each instance counts on its own (rate-limit.test.ts); with it, the count is one.
  if (redisUrl) {
    it('counts wrong passwords for one email over both instances together, in Redis', async () => {
      const person = await signUp(a, 'guessed');
      const statuses: number[] = [];
      for (const instance of [a, b, a, b]) {
        const res = await send(instance, 'POST', '/api/auth/sign-in/email', fromBrowser(person.ip), {
          email: person.email,
          password: 'wrong-password-1',
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      // The right password too, on either instance, until the window passes.
      for (const instance of both()) {
        const res = await send(instance, 'POST', '/api/auth/sign-in/email', fromBrowser(person.ip), {
          email: person.email,
          password: person.password,
        });
        expect(res.status).toBe(429);
      }
    });
  }
});
