import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent, insertReview } from '../test/factories.ts';
import { expectBadCursorsRefused, expectCursorPagesToFollow, impossibleInstant } from '../test/paging.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { account, donation, notice, outboxMessage, registration } from './schema.ts';

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
  for (let i = 0; i < 7; i++) {
    const who = people[i % 3] as TestAccount;
    await t.app.db.insert(donation).values({
      amountCents: i % 2 ? 3000 : 1000,
      paymentCreatedAt: new Date(),
      transaction: `pi_cursor_${i}`,
      accountId: who.id,
      email: who.email,
      eventTitle: i % 3 ? 'Same title' : 'Another',
      eventBanner: '/images/events/food-bank.svg',
    });
    await insertReview(t.app.db, { status: i % 4 ? 'approved' : 'pending', name: 'Same' });
    await insertReview(t.app.db, { status: 'pending', name: 'Same' });
    await t.app.db.insert(notice).values({ email: who.email, name: who.name, notice: `Notice ${i}` });
    await t.app.db
      .insert(outboxMessage)
      .values({ key: `cursor-${i}`, kind: 'test', to: who.email, subject: `Same subject ${i % 2}`, html: '<p>Hi</p>', text: 'Hi' });
    await t.app.db.insert(account).values({
      id: `cursor-${i}`,
      name: i % 2 ? 'Same Name' : 'same name',
      email: `cursor${i}@example.org`,
      age: i % 3 ? null : '30',
      role: 'volunteer',
    });
  }
  // Rows made in the same microsecond, which a cursor that went through a JavaScript Date would tell apart wrongly.
  for (const table of ['registration', 'donation', 'review', 'notice', 'outbox_message']) {
    await t.app.db.execute(
      sql`update ${sql.identifier(table)} set created_at = ${sameInstant} where ctid in (select ctid from ${sql.identifier(table)} limit 5)`,
    );
  }
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
    await expectBadCursorsRefused(t, '/api/events', {}, [titled]);
    await expectBadCursorsRefused(t, '/api/events?sort=date', {}, [titled]);
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
    await expectBadCursorsRefused(t, '/api/register', admin.auth, [byName, impossibleInstant]);
  });
});

describe('the other lists by cursor', () => {
  for (const url of [
    '/api/payment',
    '/api/payment?sort=amount',
    '/api/payment?sort=-amount',
    '/api/payment?sort=event',
    '/api/payment?sort=-date',
    '/api/payment?q=same',
    '/api/users',
    '/api/users?sort=name',
    '/api/users?sort=-name',
    '/api/users?sort=role',
    '/api/users?sort=age',
    '/api/users?sort=-age',
    '/api/users?q=same',
    '/api/review',
    '/api/reviews',
    '/api/reviews?status=approved',
    '/api/notices',
    '/api/outbox',
    '/api/outbox?q=same',
  ]) {
    it(`${url}: each page follows the one before, no row twice or left out`, async () => {
      const ids = await expectCursorPagesToFollow(t, url, admin.auth);
      expect(ids.length).toBeGreaterThan(2);
    });
  }

  it('a cursor that is not one the list gave, or one from another order, is refused with 400', async () => {
    const byAmount = (await t.api('/api/payment?sort=amount&limit=2', { headers: admin.auth })).headers.get('x-next-cursor') ?? '';
    expect(byAmount).not.toBe('');
    for (const url of ['/api/payment', '/api/review', '/api/reviews', '/api/notices', '/api/outbox']) {
      await expectBadCursorsRefused(t, url, admin.auth, [byAmount, impossibleInstant]);
    }
    const byEmail = (await t.api('/api/users?limit=2', { headers: admin.auth })).headers.get('x-next-cursor') ?? '';
    await expectBadCursorsRefused(t, '/api/users?sort=name', admin.auth, [byEmail]);
  });
});
