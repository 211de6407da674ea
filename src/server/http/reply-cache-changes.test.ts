import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { listenTimeouts } from '../db/client.ts';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { type FaultProxy, startFaultProxy, throughProxy } from '../test/fault-proxy.ts';
import { sharedApp } from '../test/shared-app.ts';
import { startTestApp, type TestApp, writeElsewhere } from '../test/test-app.ts';
import { ANNOUNCED_TABLES, PAGE_TABLES, ReplyCache, registerReplyCache } from './reply-cache.ts';

/**
 * A change drops only what is made of the table it changed (docs/decisions/041); a fill that a change
 * overtakes is made again once, not by everyone waiting; unknown query parameters make no new entry;
 * the kept replies stay under their byte cap.
 */

let t: TestApp;
let admin: TestAccount;

sharedApp({ admin: { role: 'admin' } }, async (started) => {
  ({ t, admin } = started);
  // Long enough that only a change can explain a fresh reply.
  t.app.replyCache.maxAgeMs = 60_000;
  await insertEvent(t.app.db, { title: 'Orchard Pruning' });
  await announced();
});

/** Waits for the database's announcements of what was written so far (they arrive a moment later on a server). */
async function announced() {
  expect(await t.app.replyCache.caughtUp()).toBe(true);
}

/** Whether reading `path` now is answered from memory. */
async function isHit(path: string) {
  const hits = t.app.replyCache.stats.hits;
  const res = await t.api(path);
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  return t.app.replyCache.stats.hits === hits + 1;
}

describe('a change', () => {
  it('drops the replies made of its table and keeps the others', async () => {
    await t.api('/api/review');
    await t.api('/api/events?limit=24');
    expect(await isHit('/api/review')).toBe(true);
    expect(await isHit('/api/events?limit=24')).toBe(true);

    await insertEvent(t.app.db, { title: 'Meadow Mowing' });
    await announced();
    // The reviews are not made of events: still kept. The events list is, and shows the new one.
    expect(await isHit('/api/review')).toBe(true);
    expect(await isHit('/api/events?limit=24')).toBe(false);
    const titles = ((await (await t.api('/api/events?limit=24')).json()) as { title: string }[]).map((e) => e.title);
    expect(titles).toContain('Meadow Mowing');

    await writeElsewhere(t, `update review set message = message`);
    await announced();
    expect(await isHit('/api/review')).toBe(false);
    expect(await isHit('/api/events?limit=24')).toBe(true);
  });

  it('to a table nothing public is made of (the audit log, the outbox, sessions) drops no public reply', async () => {
    await t.api('/api/events?limit=24');
    await t.api('/api/site');
    // An admin's read of personal data writes an audit entry; a session renewed or ended changes a session row.
    expect((await call(t, 'GET', '/api/register?limit=5', undefined, admin.auth)).status).toBe(200);
    await writeElsewhere(t, `update outbox_message set id = id`);
    await writeElsewhere(t, `update session set updated_at = updated_at`);
    await announced();
    expect(await isHit('/api/events?limit=24')).toBe(true);
    expect(await isHit('/api/site')).toBe(true);
  });

  it('drops a reply whose route does not say what it is made of, whatever table changed', async () => {
    const mine = `/api/register/event/${encodeURIComponent(admin.email)}`;
    await call(t, 'GET', mine, undefined, admin.auth);
    const hits = t.app.replyCache.stats.hits;
    await call(t, 'GET', mine, undefined, admin.auth);
    expect(t.app.replyCache.stats.hits).toBe(hits + 1);
    await writeElsewhere(t, `update review set message = message`);
    await announced();
    await call(t, 'GET', mine, undefined, admin.auth);
    expect(t.app.replyCache.stats.hits).toBe(hits + 1);
  });

  it('to registrations leaves a person’s kept donations alone, and a donation drops them', async () => {
    const mine = `/api/payment/${encodeURIComponent(admin.email)}`;
    await call(t, 'GET', mine, undefined, admin.auth);
    const hits = t.app.replyCache.stats.hits;
    await writeElsewhere(t, `update registration set status = status`);
    await announced();
    await call(t, 'GET', mine, undefined, admin.auth);
    expect(t.app.replyCache.stats.hits).toBe(hits + 1);
    await writeElsewhere(t, `update donation set amount_cents = amount_cents`);
    await announced();
    await call(t, 'GET', mine, undefined, admin.auth);
    expect(t.app.replyCache.stats.hits).toBe(hits + 1);
  });

  it('is announced for exactly the tables the cache knows of', async () => {
    const { rows } = (await t.app.db.execute(
      `select distinct c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid
       where g.tgfoid = 'hh_data_changed'::regproc order by 1`,
    )) as unknown as { rows: { table: string }[] };
    expect(rows.map((r) => r.table)).toEqual([...ANNOUNCED_TABLES].sort());
    // The places held are announced on their own, from every kind of change to the registrations.
    const places = (await t.app.db.execute(
      `select c.relname as table, count(*)::int as triggers from pg_trigger g join pg_class c on c.oid = g.tgrelid
       where g.tgfoid = 'hh_registration_places_changed'::regproc group by 1`,
    )) as unknown as { rows: { table: string; triggers: number }[] };
    expect(places.rows).toEqual([{ table: 'registration', triggers: 4 }]);
  });

  it('to a waitlist keeps what visitors see of events; a change to the places held drops it', async () => {
    const full = await insertEvent(t.app.db, { title: 'Full Up', capacity: 1 });
    const [first, second, third] = [await signUp(t), await signUp(t), await signUp(t)];
    const list = '/api/events?limit=24';
    const one = `/api/events/${full.id}`;
    const mine = `/api/register/event/${encodeURIComponent(third.email)}`;
    const registeredOf = async (path: string) => ((await (await t.api(path)).json()) as { registered: number }).registered;
    const register = async (who: TestAccount) => {
      const res = await call(t, 'POST', '/api/register', { eventId: full.id }, who.auth);
      expect(res.status).toBe(201);
      await announced();
      return ((await res.json()) as { insertedId: string }).insertedId;
    };

    // The one place taken: both reads are made again, and say so.
    await t.api(list);
    await t.api(one);
    const firstRegistration = await register(first);
    expect(await isHit(one)).toBe(false);
    expect(await registeredOf(one)).toBe(1);
    expect(await isHit(list)).toBe(false);

    // Two join the waitlist: nothing a visitor sees changes, so both stay kept.
    await register(second);
    await call(t, 'GET', mine, undefined, third.auth);
    const thirdRegistration = await register(third);
    expect(await isHit(one)).toBe(true);
    expect(await isHit(list)).toBe(true);
    // What reads the rest of the registrations (a person's own) is still dropped by the waitlist.
    const hits = t.app.replyCache.stats.hits;
    const own = (await (await call(t, 'GET', mine, undefined, third.auth)).json()) as { _id: string; status: string }[];
    expect(t.app.replyCache.stats.hits).toBe(hits);
    expect(own.find((r) => r._id === thirdRegistration)?.status).toBe('waitlisted');

    // Leaving the waitlist, or being checked in, changes no place either.
    await writeElsewhere(t, `delete from registration where id = '${thirdRegistration}'`);
    await writeElsewhere(t, `update registration set checked_in_at = now() where id = '${firstRegistration}'`);
    await announced();
    expect(await isHit(one)).toBe(true);

    // The place given up goes to the first one waiting: both reads are dropped, and the count is right.
    expect((await call(t, 'DELETE', `/api/register/${firstRegistration}`, undefined, first.auth)).status).toBe(200);
    await announced();
    expect(await isHit(one)).toBe(false);
    expect(await isHit(list)).toBe(false);
    expect(await registeredOf(one)).toBe(1);
    const { rows } = (await t.app.db.execute(`select status from registration where event_id = '${full.id}'`)) as unknown as {
      rows: { status: string }[];
    };
    expect(rows.map((r) => r.status)).toEqual(['registered']);

    // A page drawn for visitors is made of the places too, not of the waitlist.
    expect(PAGE_TABLES).toContain('registration_places');
    expect(PAGE_TABLES).not.toContain('registration');
  });
});

describe('query strings', () => {
  it('with parameters the route does not know make no new entry, and share the known ones’ reply', async () => {
    const first = await t.api('/api/events?limit=24&when=upcoming');
    const body = await first.text();
    // Answered from memory once: its compressed copy is made and counted.
    expect(await isHit('/api/events?when=upcoming&limit=24')).toBe(true);
    const entries = t.app.replyCache.size;
    const { replies } = t.app.replyCache.bytes;
    for (let i = 0; i < 1000; i++) {
      const res = await t.api(`/api/events?utm_source=junk${i}&when=upcoming&limit=24&x${i}=${'y'.repeat(200)}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(body);
    }
    expect(t.app.replyCache.size).toBe(entries);
    expect(t.app.replyCache.bytes.replies).toBe(replies);
    expect(t.app.replyCache.bytes.replies).toBeLessThanOrEqual(t.app.replyCache.maxBytes);
  });

  it('with distinct known parameters keep the kept replies under their byte cap, the least recently used going first', async () => {
    const cache = t.app.replyCache;
    const cap = cache.maxBytes;
    cache.maxBytes = 64 * 1024;
    try {
      await t.api('/api/site');
      for (let i = 0; i < 1000; i++) {
        const res = await t.api(`/api/events?q=${'orchard'.slice(0, 3 + (i % 4))}${i}&limit=24`);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        expect(cache.bytes.replies).toBeLessThanOrEqual(cache.maxBytes);
        // Used all along: never the least recently used.
        if (i % 50 === 0) expect(await isHit('/api/site')).toBe(true);
      }
      expect(cache.stats.evicted).toBeGreaterThan(0);
    } finally {
      cache.maxBytes = cap;
    }
  });
});

describe('a fill overtaken by a change', () => {
  it('serves those who waited for it, and the requests after the change share one new fill', async () => {
    const app = Fastify();
    const cache = new ReplyCache({ maxAgeMs: 60_000 });
    cache.setWatching(true);
    registerReplyCache(app, cache);
    let made = 0;
    // Each fill waits for its own gate.
    const opens: (() => void)[] = [];
    const gates = [1, 2, 3].map(() => new Promise<void>((resolve) => opens.push(resolve)));
    app.get('/slow', { config: { cache: 'public', tables: ['event'] } }, async () => {
      const fill = ++made;
      await gates[fill - 1];
      return { made: fill };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/slow`;
      const read = async () => (await (await fetch(url)).json()) as { made: number };
      const before = Array.from({ length: 20 }, read);
      // All twenty are waiting for the first fill when the change comes.
      while (made === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setTimeout(resolve, 300));
      cache.changed('event');
      const after = Array.from({ length: 20 }, read);
      while (made === 1) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setTimeout(resolve, 300));
      opens[0]?.();
      expect((await Promise.all(before)).map((r) => r.made)).toEqual(Array(20).fill(1));
      opens[1]?.();
      expect((await Promise.all(after)).map((r) => r.made)).toEqual(Array(20).fill(2));
      expect(made).toBe(2);
      // The second was kept: nothing changed while it was made.
      expect((await read()).made).toBe(2);
      expect(made).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('that failed is made again by one of those waiting, not by each', async () => {
    const app = Fastify();
    const cache = new ReplyCache({ maxAgeMs: 60_000 });
    cache.setWatching(true);
    registerReplyCache(app, cache);
    let made = 0;
    app.get('/flaky', { config: { cache: 'public', tables: ['event'] } }, async (_request, reply) => {
      made += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (made === 1) return reply.code(503).send({ error: 'away' });
      return { made };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/flaky`;
      const statuses = await Promise.all(Array.from({ length: 20 }, async () => (await fetch(url)).status));
      expect(statuses.filter((s) => s === 503)).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(19);
      expect(made).toBe(2);
    } finally {
      await app.close();
    }
  });
});

describe('values made from the data', () => {
  it('are dropped only by a change to what they are made of, and held under their byte cap', async () => {
    const cache = new ReplyCache({ maxAgeMs: 60_000, maxBytes: 10_000 });
    cache.setWatching(true);
    let made = 0;
    const make = async () => `value ${++made}`;
    const options = { tables: ['review'], bytesOf: () => 3_000 };
    expect(await cache.remember('a', make, options)).toBe('value 1');
    cache.changed('event');
    expect(await cache.remember('a', make, options)).toBe('value 1');
    cache.changed('review');
    expect(await cache.remember('a', make, options)).toBe('value 2');
    for (let i = 0; i < 20; i++) await cache.remember(`other ${i}`, make, options);
    expect(cache.bytes.values).toBeLessThanOrEqual(10_000);
    expect(cache.valueCount).toBeLessThanOrEqual(3);
  });
});

const { databaseUrl } = loadConfig();

/**
 * The connection that hears the database's announcements can die without a word (a proxy or firewall
 * dropping it): its heartbeat notices within seconds, and until it listens again nothing is kept and
 * sessions are read fresh (docs/decisions/041). Only a database server has such a connection.
 */

// Only a database server has a listening connection of its own to lose; the embedded database's
// announcements come on its one connection, before the statement that caused them returns.
describe.runIf(databaseUrl)('the listening connection, silently dropped', () => {
  let proxy: FaultProxy;
  let t: TestApp;
  /** The test database, reached directly (not through the proxy). */
  let direct = '';
  let admin: TestAccount;

  beforeAll(async () => {
    const server = new URL(databaseUrl ?? '');
    proxy = await startFaultProxy({ host: server.hostname, port: Number(server.port || 5432) });
    t = await startTestApp(
      {},
      {
        reachDatabase: (url) => {
          direct = url;
          return throughProxy(url, proxy);
        },
      },
    );
    t.app.replyCache.maxAgeMs = 60_000;
    admin = await signUp(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  async function onDirect<T extends pg.QueryResultRow>(statement: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: direct });
    await client.connect();
    try {
      return (await client.query<T>(statement, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** Stalls the app's listening connection where PostgreSQL sees it: the last thing it ran was LISTEN or its heartbeat. */
  async function stallListener() {
    const rows = await onDirect<{ port: number }>(
      `select client_port as port from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and query in ('LISTEN hh_data_changed', 'SELECT pg_notify($1, $2)')`,
    );
    expect(rows).toHaveLength(1);
    expect(proxy.stallConnectionFrom(rows[0]?.port ?? 0)).toBe(true);
  }

  it('is noticed within seconds: a demoted admin loses admin rights, nothing is kept meanwhile, and it listens again', async () => {
    expect((await call(t, 'GET', '/api/overview', undefined, admin.auth)).status).toBe(200);
    expect((await call(t, 'GET', '/api/overview', undefined, admin.auth)).status).toBe(200);
    await t.api('/api/review');
    expect(t.app.replyCache.size).toBeGreaterThan(0);

    // Every turn of the cache on and off, as the listener reports it. Polled instead, the time it is
    // off can fall between two polls: a new connection listens again 250 ms after the loss.
    const turns: { watching: boolean; at: number }[] = [];
    const report = t.app.replyCache.setWatching.bind(t.app.replyCache);
    t.app.replyCache.setWatching = (watching) => {
      turns.push({ watching, at: Date.now() });
      report(watching);
    };
    await stallListener();
    const stalledAt = Date.now();
    await onDirect(`update account set role = 'donator' where id = $1`, [admin.id]);
    const demotedAt = Date.now();
    let status = 200;
    while (status !== 403 && Date.now() - demotedAt < 15_000) {
      status = (await call(t, 'GET', '/api/overview', undefined, admin.auth)).status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const tookMs = Date.now() - demotedAt;
    expect(status).toBe(403);
    // A heartbeat, its wait, and the time for a request on a busy machine.
    expect(tookMs).toBeLessThan(listenTimeouts.everyMs + listenTimeouts.answerMs + 1_500);
    // The stalled listener itself is found lost (nothing kept, sessions read fresh) within a heartbeat
    // and its wait. (The admin's 403 may come sooner: a guard can read the role fresh on its own.)
    const bound = listenTimeouts.everyMs + listenTimeouts.answerMs + 1_500;
    await expect.poll(() => turns.some((turn) => !turn.watching), { timeout: bound, interval: 50 }).toBe(true);
    const lost = turns.find((turn) => !turn.watching);
    expect((lost?.at ?? Number.POSITIVE_INFINITY) - stalledAt).toBeLessThan(bound);

    // A new connection goes through: it listens again, and a change made elsewhere is heard.
    const until = Date.now() + 15_000;
    while (!t.app.replyCache.enabled && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.app.replyCache.enabled).toBe(true);
    await t.api('/api/review');
    const hits = t.app.replyCache.stats.hits;
    await t.api('/api/review');
    expect(t.app.replyCache.stats.hits).toBe(hits + 1);
    const version = t.app.replyCache.currentVersion;
    await onDirect(`update review set message = message`);
    while (t.app.replyCache.currentVersion === version && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.app.replyCache.currentVersion).toBeGreaterThan(version);
  });
});
