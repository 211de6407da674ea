import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account } from '../db/schema.ts';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { sharedApp } from '../test/shared-app.ts';
import { type TestApp, writeElsewhere } from '../test/test-app.ts';
import { ReplyCache } from './reply-cache.ts';

/**
 * Public reads answered from memory while nothing changed, personal ones per account, and every
 * change seen at once: made through the API here, or written to the database by anyone else.
 */

let t: TestApp;
let admin: TestAccount;
let person: TestAccount;
let other: TestAccount;

sharedApp({ admin: { role: 'admin' }, person: {}, other: {} }, async (started) => {
  ({ t, admin, person, other } = started);
  // Long enough that only the database's announcement of a change can explain a fresh reply.
  t.app.replyCache.maxAgeMs = 60_000;
  const before = t.app.replyCache.currentVersion;
  await insertEvent(t.app.db, { title: 'Harbour Litter Pick' });
  // The database announces that write a moment later: a reply made before the announcement arrives is
  // (rightly) not kept, so the first test waits for it rather than race it.
  while (t.app.replyCache.currentVersion === before) await new Promise((resolve) => setTimeout(resolve, 20));
});

const titles = async (res: Response) => ((await res.json()) as { title: string }[]).map((e) => e.title);

/** Waits until `read` gives what `check` wants, for changes another connection makes (announced a moment later). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('public reads', () => {
  it('answer the same bytes from memory, with an ETag that a revalidation answers 304 without a body', async () => {
    const first = await t.api('/api/events?limit=24');
    const body = await first.text();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('x-total-count')).toBeTruthy();

    const hitsBefore = t.app.replyCache.stats.hits;
    const second = await t.api('/api/events?limit=24');
    expect(await second.text()).toBe(body);
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.headers.get('x-total-count')).toBe(first.headers.get('x-total-count'));
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(t.app.replyCache.stats.hits).toBe(hitsBefore + 1);

    const revalidated = await t.api('/api/events?limit=24', { headers: { 'if-none-match': etag ?? '' } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect(revalidated.headers.get('etag')).toBe(etag);
  });

  it('are compressed once with brotli or gzip, as the caller accepts, and decode to the same bytes', async () => {
    // Enough events for a body worth compressing.
    for (let i = 0; i < 5; i++) await insertEvent(t.app.db, { title: `Allotment Dig ${i}` });
    const plain = await (await t.api('/api/events?limit=24')).text();
    expect(plain.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip'] as const) {
      // Node's fetch decodes on its own: read the bytes as sent, over plain HTTP.
      const raw = await rawGet('/api/events?limit=24', { 'accept-encoding': encoding });
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(raw.headers.vary).toMatch(/accept-encoding/i);
      const decoded = encoding === 'br' ? brotliDecompressSync(raw.body) : gunzipSync(raw.body);
      expect(decoded.toString()).toBe(plain);
    }
  });

  it('show a change made through the API in the very next read', async () => {
    expect(await titles(await t.api('/api/events?limit=50'))).not.toContain('Canal Towpath Clear-up');
    const created = await call(
      t,
      'POST',
      '/api/events',
      { title: 'Canal Towpath Clear-up', desc: 'Bring gloves.', banner: '/images/events/food-bank.svg', date: '2031-05-04' },
      admin.auth,
    );
    expect(created.status).toBe(200);
    expect(await titles(await t.api('/api/events?limit=50'))).toContain('Canal Towpath Clear-up');
  });

  it('show a change written to the database by someone else (another instance, a script)', async () => {
    // The settings row as the admin page saves it, then changed behind the app's back.
    const { socialSignIn: _, ...settings } = await (await t.api('/api/site')).json();
    expect((await call(t, 'PUT', '/api/site', settings, admin.auth)).status).toBe(200);
    const before = await t.api('/api/site');
    const etag = before.headers.get('etag');
    expect((await before.json()).tagline).not.toBe('Written elsewhere');
    await writeElsewhere(t, `update site_settings set settings = jsonb_set(settings, '{tagline}', '"Written elsewhere"')`);
    const after = await eventually(
      async () => (await t.api('/api/site')).json(),
      (site) => site.tagline === 'Written elsewhere',
    );
    expect(after.tagline).toBe('Written elsewhere');
    const revalidated = await t.api('/api/site', { headers: { 'if-none-match': etag ?? '' } });
    expect(revalidated.status).toBe(200);
  });

  it('are not kept while changes cannot be seen', async () => {
    t.app.replyCache.setWatching(false);
    try {
      await t.api('/api/review');
      const hits = t.app.replyCache.stats.hits;
      await t.api('/api/review');
      expect(t.app.replyCache.stats.hits).toBe(hits);
      expect(t.app.replyCache.size).toBe(0);
    } finally {
      t.app.replyCache.setWatching(true);
    }
  });
});

describe('personal reads', () => {
  it('are kept for their own account only, never stored by the browser, and show the account’s own writes at once', async () => {
    const event = await insertEvent(t.app.db, { title: 'Seed Library Sort' });
    const mine = `/api/register/event/${encodeURIComponent(person.email)}`;
    const first = await call(t, 'GET', mine, undefined, person.auth);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual([]);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const again = await call(t, 'GET', mine, undefined, person.auth);
    expect(again.headers.get('cache-control')).toBe('private, no-store');
    expect(again.headers.get('etag')).toBeNull();

    // Another account asking for the same address is refused, not answered from the kept reply.
    expect((await call(t, 'GET', mine, undefined, other.auth)).status).toBe(403);
    expect((await t.api(mine)).status).toBe(401);

    expect((await call(t, 'POST', '/api/register', { eventId: event.id }, person.auth)).status).toBe(201);
    const after = (await (await call(t, 'GET', mine, undefined, person.auth)).json()) as { eventId: string }[];
    expect(after.map((r) => r.eventId)).toEqual([event.id]);
    // An admin sees the same records, through a reply of their own.
    expect(((await (await call(t, 'GET', mine, undefined, admin.auth)).json()) as unknown[]).length).toBe(1);
  });
});

describe('sessions read once', () => {
  it('stop working at once when the person signs out', async () => {
    const leaver = await signUp(t);
    expect((await call(t, 'GET', '/api/users/me', undefined, { cookie: leaver.cookie })).status).toBe(200);
    expect((await call(t, 'GET', '/api/users/me', undefined, { cookie: leaver.cookie })).status).toBe(200);
    expect((await call(t, 'POST', '/api/auth/sign-out', {}, { cookie: leaver.cookie })).status).toBe(200);
    const after = await call(t, 'GET', '/api/users/me', undefined, { cookie: leaver.cookie });
    expect(await after.json()).toBeNull();
  });

  it('follow a role changed by an admin, or in the database by anyone', async () => {
    const helper = await signUp(t);
    expect((await call(t, 'GET', '/api/overview', undefined, helper.auth)).status).toBe(403);
    const promoted = await call(t, 'PUT', '/api/users/role', { email: helper.email, role: 'admin' }, admin.auth);
    expect(promoted.status).toBe(200);
    // Through the API here: at once.
    expect((await call(t, 'GET', '/api/overview', undefined, helper.auth)).status).toBe(200);
    await writeElsewhere(t, `update account set role = 'donator' where id = '${helper.id}'`);
    const revoked = await eventually(
      () => call(t, 'GET', '/api/overview', undefined, helper.auth),
      (res) => res.status === 403,
    );
    expect(revoked.status).toBe(403);
    const [row] = await t.app.db.select({ role: account.role }).from(account).where(eq(account.id, helper.id));
    expect(row?.role).toBe('donator');
  });
});

/** A GET over plain HTTP, so the body arrives as sent (fetch would decode it). */
async function rawGet(path: string, headers: Record<string, string>) {
  const http = await import('node:http');
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    http
      .get(`${t.baseUrl}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('values made from the data (pages drawn on the server)', () => {
  it('are made once for callers at the same time, kept until a change, and not kept when making them failed', async () => {
    const cache = new ReplyCache({ maxAgeMs: 60_000 });
    cache.setWatching(true);
    let made = 0;
    const make = async () => {
      made += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return `page ${made}`;
    };
    expect(await Promise.all([cache.remember('/', make), cache.remember('/', make), cache.remember('/', make)])).toEqual([
      'page 1',
      'page 1',
      'page 1',
    ]);
    expect(await cache.remember('/', make)).toBe('page 1');
    cache.changed();
    expect(await cache.remember('/', make)).toBe('page 2');

    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error('the database is away');
      return 'drawn';
    };
    await expect(cache.remember('/events', flaky)).rejects.toThrow('the database is away');
    fail = false;
    expect(await cache.remember('/events', flaky)).toBe('drawn');
  });

  it('are made again after their time, the old one given meanwhile', async () => {
    const cache = new ReplyCache({ maxAgeMs: 30 });
    cache.setWatching(true);
    let made = 0;
    const make = async () => {
      made += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return made;
    };
    expect(await cache.remember('/', make)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    const refreshing = cache.remember('/', make);
    // Asked while the new one is made: the old one.
    expect(await cache.remember('/', make)).toBe(1);
    expect(await refreshing).toBe(2);
    expect(await cache.remember('/', make)).toBe(2);
  });
});

describe('Cache-Control on the other API replies', () => {
  it('is no-store for a signed-in caller, no-cache for the public', async () => {
    const mine = await call(t, 'GET', '/api/users/me', undefined, person.auth);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    const health = await t.api('/api/health');
    expect(health.headers.get('cache-control')).toBe('no-cache');
    const refused = await t.api('/api/overview');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-cache');
  });
});
