import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration } from './schema.ts';
import { signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { expectBadCursorsRefused, expectCursorPagesToFollow } from '../test/paging.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Every list that pages by cursor, in each of its orders, over rows that tie on the sort key: read
 * two rows at a time through X-Next-Cursor, each row comes once, in the order of one page by offset.
 */
let t: TestApp;
let admin: TestAccount;

/** Ties at the microsecond, which a cursor that went through a JavaScript Date would lose. */
const sameInstant = '2026-11-20 10:00:00.123456+00';

beforeAll(async () => {
  t = await startTestApp();
  admin = await signUp(t, { role: 'admin' });
  const people = [await signUp(t, { name: 'Ann Same' }), await signUp(t, { name: 'ann same' }), await signUp(t, { name: 'Bob Other' })];
  const events = [];
  for (const [title, inDays, time] of [
    ['Same title', 3, null],
    ['same TITLE', 3, '10:00'],
    ['Same title', 3, null],
    ['Another', 3, '09:00'],
    ['Same title', -2, null],
    ['Zebra', -2, '10:00'],
    ['Same title', -2, '10:00'],
    ['Older', -9, null],
  ] as const) {
    events.push(await insertEvent(t.app.db, { title, inDays, time }));
  }
  for (const [i, event] of events.entries()) {
    for (const person of people.slice(0, 1 + (i % 3))) {
      await t.app.db.insert(registration).values({ accountId: person.id, eventId: event.id, name: person.name, email: person.email });
    }
  }
  // Half of the registrations made in the same microsecond.
  await t.app.db.execute(sql`update registration set created_at = ${sameInstant} where ctid in (select ctid from registration limit 7)`);
});
afterAll(() => t.close());

describe('events by cursor', () => {
  for (const url of [
    '/api/events',
    '/api/events?when=upcoming',
    '/api/events?when=past',
    '/api/events?q=same',
    '/api/events?sort=title',
    '/api/events?sort=-title',
    '/api/events?sort=date',
    '/api/events?sort=-date',
  ]) {
    it(`${url}: each page follows the one before, no event twice or left out`, async () => {
      const ids = await expectCursorPagesToFollow(t, url, {});
      expect(ids.length).toBeGreaterThan(2);
    });
  }

  it('a cursor that is not one the list gave, or one from another order, is refused with 400', async () => {
    const titled = (await t.api('/api/events?sort=title&limit=2')).headers.get('x-next-cursor') ?? '';
    expect(titled).not.toBe('');
    await expectBadCursorsRefused(t, '/api/events', {}, titled);
    await expectBadCursorsRefused(t, '/api/events?sort=date', {}, titled);
  });

  it('offset still pages as before, and counts on from a cursor', async () => {
    const all = (await (await t.api('/api/events?sort=title')).json()).map((e: { _id: string }) => e._id);
    const byOffset = await (await t.api('/api/events?sort=title&limit=2&offset=2')).json();
    expect(byOffset.map((e: { _id: string }) => e._id)).toEqual(all.slice(2, 4));
    const cursor = (await t.api('/api/events?sort=title&limit=2')).headers.get('x-next-cursor') ?? '';
    const skipped = await (await t.api(`/api/events?sort=title&limit=2&offset=1&cursor=${cursor}`)).json();
    expect(skipped.map((e: { _id: string }) => e._id)).toEqual(all.slice(3, 5));
  });
});

describe('registrations by cursor', () => {
  for (const url of [
    '/api/register',
    '/api/register?sort=title',
    '/api/register?sort=-title',
    '/api/register?sort=name',
    '/api/register?sort=-name',
    '/api/register?sort=email',
    '/api/register?sort=registeredAt',
    '/api/register?sort=-registeredAt',
    '/api/register?q=same',
  ]) {
    it(`${url}: each page follows the one before, no registration twice or left out`, async () => {
      const ids = await expectCursorPagesToFollow(t, url, admin.auth);
      expect(ids.length).toBeGreaterThan(2);
    });
  }

  it('a cursor that is not one the list gave, or one from another order, is refused with 400', async () => {
    const byName = (await t.api('/api/register?sort=name&limit=2', { headers: admin.auth })).headers.get('x-next-cursor') ?? '';
    expect(byName).not.toBe('');
    await expectBadCursorsRefused(t, '/api/register', admin.auth, byName);
  });
});
