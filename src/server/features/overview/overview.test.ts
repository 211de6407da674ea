import { describe, expect, it } from 'vitest';
import { donation, notice, registration } from '../../db/schema.ts';
import { dayFrom } from '../../db/seed.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent, insertReview } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
let volunteer: TestAccount;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const daysAgo = (days: number) => minutesAgo(days * 24 * 60);

sharedApp({ admin: { role: 'admin', name: 'Ada Admin' }, volunteer: { role: 'volunteer' } }, async (started) => {
  ({ t, admin, volunteer } = started);
  const people: TestAccount[] = [];
  for (const name of ['Ann', 'Ben', 'Cat', 'Dan']) people.push(await signUp(t, { name }));
  const [ann, ben, cat, dan] = people as [TestAccount, TestAccount, TestAccount, TestAccount];
  const db = t.app.db;

  const past = await insertEvent(db, { title: 'Last month', inDays: -3, capacity: 5 });
  // Began yesterday and ends tomorrow: under way, so still listed (first, by its start).
  const underWay = await insertEvent(db, { title: 'Two-day build', inDays: -1, endAt: `${dayFrom(new Date(), 1)} 12:00:00` });
  const full = await insertEvent(db, { title: 'Full event', inDays: 2, capacity: 2 });
  const open = await insertEvent(db, { title: 'Open event', inDays: 5 });
  await insertEvent(db, { title: 'Tomorrow', inDays: 1, time: '10:00:00', capacity: 10 });
  for (let i = 0; i < 6; i++) await insertEvent(db, { title: `Later ${i}`, inDays: 20 + i });

  const reg = (
    who: TestAccount,
    eventId: string,
    at: Date,
    status: 'registered' | 'waitlisted' = 'registered',
    position: number | null = null,
  ) => ({
    accountId: who.id,
    eventId,
    name: who.name,
    email: who.email,
    status,
    position,
    createdAt: at,
  });
  await db
    .insert(registration)
    .values([
      reg(ann, past.id, daysAgo(40)),
      reg(ann, full.id, minutesAgo(50)),
      reg(ben, full.id, minutesAgo(40)),
      reg(cat, full.id, minutesAgo(30), 'waitlisted', 1),
      reg(dan, open.id, minutesAgo(20)),
      reg(dan, underWay.id, daysAgo(31)),
    ]);

  let n = 0;
  const gift = (cents: number, currency: string, at: Date) => {
    n += 1;
    return {
      amountCents: cents,
      currency,
      paymentCreatedAt: at,
      transaction: `pi_overview_${n}`,
      email: `donor${n}@example.org`,
      eventId: open.id,
      eventTitle: 'Open event',
      eventBanner: '/images/events/food-bank.svg',
      createdAt: at,
    };
  };
  await db.insert(donation).values([
    gift(3000, 'usd', minutesAgo(15)),
    gift(1500, 'usd', minutesAgo(12)),
    gift(2000, 'eur', minutesAgo(10)),
    gift(5000, 'usd', daysAgo(45)),
    // Given back: in no total.
    { ...gift(7000, 'usd', daysAgo(60)), refundedAt: daysAgo(59) },
  ]);

  await insertReview(db, { name: 'Ben', message: 'A wonderful morning', status: 'pending', createdAt: minutesAgo(5) });
  await db.insert(notice).values({ email: admin.email, name: 'Ada Admin', notice: 'Bring gloves', createdAt: minutesAgo(2) });
});

describe('GET /api/overview', () => {
  it('lists the next eight events under way or to come, with registered, waitlisted and capacity', async () => {
    const res = await call(t, 'GET', '/api/overview', undefined, admin.auth);
    expect(res.status).toBe(200);
    const { upcoming } = await res.json();
    expect(upcoming.map((e: { title: string }) => e.title)).toEqual([
      'Two-day build',
      'Tomorrow',
      'Full event',
      'Open event',
      'Later 0',
      'Later 1',
      'Later 2',
      'Later 3',
    ]);
    const byTitle = Object.fromEntries(upcoming.map((e: { title: string }) => [e.title, e]));
    expect(byTitle['Full event']).toMatchObject({ capacity: 2, registered: 2, waitlisted: 1 });
    expect(byTitle['Open event']).toMatchObject({ capacity: null, registered: 1, waitlisted: 0 });
    expect(byTitle['Two-day build']).toMatchObject({ capacity: null, registered: 1, waitlisted: 0 });
    expect(byTitle.Tomorrow).toMatchObject({ capacity: 10, registered: 0, waitlisted: 0, date: `${dayFrom(new Date(), 1)}T10:00` });
  });

  it('counts the last 30 days and the money raised per currency, never adding currencies together', async () => {
    const overview = await (await call(t, 'GET', '/api/overview', undefined, admin.auth)).json();
    expect(overview.lastDays).toEqual({
      days: 30,
      registrations: 4,
      donations: 3,
      raised: [
        { currency: 'usd', amount: 4500, donations: 2 },
        { currency: 'eur', amount: 2000, donations: 1 },
      ],
    });
    expect(overview.totalRaised).toEqual([
      { currency: 'usd', amount: 9500, donations: 3 },
      { currency: 'eur', amount: 2000, donations: 1 },
    ]);
  });

  it('gives the latest registrations, donations, reviews and notices, newest first, ten at most', async () => {
    const { activity } = await (await call(t, 'GET', '/api/overview', undefined, admin.auth)).json();
    expect(activity).toHaveLength(10);
    expect(activity.map((a: { kind: string; name: string; title: string }) => [a.kind, a.name, a.title])).toEqual([
      ['notice', 'Ada Admin', 'Bring gloves'],
      ['review', 'Ben', 'A wonderful morning'],
      ['donation', 'donor3@example.org', 'Open event'],
      ['donation', 'donor2@example.org', 'Open event'],
      ['donation', 'donor1@example.org', 'Open event'],
      ['registration', 'Dan', 'Open event'],
      ['registration', 'Cat', 'Full event'],
      ['registration', 'Ben', 'Full event'],
      ['registration', 'Ann', 'Full event'],
      ['registration', 'Dan', 'Two-day build'],
    ]);
    expect(activity[1]).toMatchObject({ status: 'pending' });
    expect(activity[2]).toMatchObject({ amount: 2000, currency: 'eur' });
    expect(activity[6]).toMatchObject({ status: 'waitlisted' });
    const dates = activity.map((a: { date: string }) => Date.parse(a.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('refuses signed-out callers (401) and non-admins (403)', async () => {
    expect((await call(t, 'GET', '/api/overview')).status).toBe(401);
    expect((await call(t, 'GET', '/api/overview', undefined, volunteer.auth)).status).toBe(403);
  });
});
