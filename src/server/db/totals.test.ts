import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent, insertReview } from '../test/factories.ts';
import { sharedApp } from '../test/shared-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { account, donation, event, notice, outboxMessage, registration, review } from './schema.ts';
import { donationTallies, totalOf } from './totals.ts';

/**
 * The totals the triggers keep are the tables' own counts after every kind of write: inserts of one
 * row or many, deletes (also by cascade), changes of status, and emptying a table. The lists answer
 * with them in X-Total-Count.
 */
let t: TestApp;
let admin: TestAccount;
sharedApp({ admin: { role: 'admin' } }, (started) => ({ t, admin } = started));

async function expectTotalsToMatchTheRows() {
  const db = t.app.db;
  const counted = async (table: typeof event | typeof registration | typeof account | typeof notice | typeof outboxMessage) =>
    (await db.select({ value: count() }).from(table))[0]?.value ?? 0;
  expect((await totalOf(db, 'event')).rows).toBe(await counted(event));
  expect((await totalOf(db, 'registration')).rows).toBe(await counted(registration));
  expect((await totalOf(db, 'account')).rows).toBe(await counted(account));
  expect((await totalOf(db, 'notice')).rows).toBe(await counted(notice));
  expect((await totalOf(db, 'outbox_message')).rows).toBe(await counted(outboxMessage));
  // Donations by currency, and refunded ones apart.
  const donations = await db
    .select({
      currency: donation.currency,
      refunded: sql<boolean>`${donation.refundedAt} is not null`,
      rows: count(),
      amount: sql<string>`coalesce(sum(${donation.amountCents}), 0)`,
    })
    .from(donation)
    .groupBy(donation.currency, sql`${donation.refundedAt} is not null`);
  const byKey = (t: { currency: string; refunded: boolean }) => `${t.currency}${t.refunded ? ':refunded' : ''}`;
  expect(Object.fromEntries((await donationTallies(db)).filter((t) => t.rows !== 0).map((t) => [byKey(t), [t.rows, t.amount]]))).toEqual(
    Object.fromEntries(donations.map((d) => [byKey(d), [d.rows, Number(d.amount)]])),
  );
  for (const status of ['pending', 'approved', 'hidden'] as const) {
    const [reviews] = await db.select({ value: count() }).from(review).where(eq(review.status, status));
    expect((await totalOf(db, `review:${status}`)).rows).toBe(reviews?.value);
  }
  for (const status of ['queued', 'sent', 'logged', 'failed'] as const) {
    const [messages] = await db.select({ value: count() }).from(outboxMessage).where(eq(outboxMessage.status, status));
    expect((await totalOf(db, `outbox_message:${status}`)).rows).toBe(messages?.value);
  }
}

const totalCount = async (url: string) => Number((await t.api(url, { headers: admin.auth })).headers.get('x-total-count'));

describe('totals kept by triggers', () => {
  it('follow inserts, deletes, cascades and changes of status, and the lists answer with them', async () => {
    const db = t.app.db;
    const person = await signUp(t);
    const events = [await insertEvent(db, { inDays: 5 }), await insertEvent(db, { inDays: -5 }), await insertEvent(db, { inDays: 9 })];
    await db.insert(registration).values(events.map((e) => ({ accountId: person.id, eventId: e.id, name: 'P', email: person.email })));
    await db.insert(donation).values(
      [1000, 2500, 4000].map((amountCents, i) => ({
        amountCents,
        paymentCreatedAt: new Date(),
        transaction: `pi_totals_${i}`,
        accountId: person.id,
        email: person.email,
        eventTitle: 'T',
        eventBanner: '/images/events/food-bank.svg',
      })),
    );
    const reviews = [await insertReview(db), await insertReview(db), await insertReview(db, { status: 'approved' })];
    await db.insert(notice).values({ email: admin.email, name: 'A', notice: 'Hello' });
    await db
      .insert(outboxMessage)
      .values([1, 2].map((i) => ({ key: `totals-${i}`, kind: 'test', to: person.email, subject: 'S', html: '<p>S</p>', text: 'S' })));
    await expectTotalsToMatchTheRows();

    // A review approved through the API moves from one total to the other; a message sent likewise.
    const approved = await t.api(`/api/review/${reviews[0]?.id}`, {
      method: 'PATCH',
      headers: { ...admin.auth, 'content-type': 'application/json', origin: t.baseUrl },
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(approved.status).toBe(200);
    await db.update(outboxMessage).set({ status: 'sent' }).where(eq(outboxMessage.key, 'totals-1'));
    // Deleting an event takes its registration with it (a cascade is a delete the triggers see).
    await db.delete(event).where(eq(event.id, events[2]?.id ?? ''));
    await db.delete(donation).where(eq(donation.transaction, 'pi_totals_0'));
    await expectTotalsToMatchTheRows();
    // A refund moves a donation out of what was raised; a donation in euros is summed on its own.
    await db.update(donation).set({ refundedAt: new Date() }).where(eq(donation.transaction, 'pi_totals_1'));
    await db.insert(donation).values({
      amountCents: 700,
      currency: 'eur',
      paymentCreatedAt: new Date(),
      transaction: 'pi_totals_eur',
      email: person.email,
      eventTitle: 'T',
      eventBanner: '',
    });
    await expectTotalsToMatchTheRows();

    expect(await totalCount('/api/events')).toBe(2);
    expect(await totalCount('/api/events?when=past')).toBe(1);
    expect(await totalCount('/api/events?when=upcoming')).toBe(1);
    expect(await totalCount('/api/register')).toBe(2);
    expect(await totalCount('/api/users')).toBe(2);
    expect(await totalCount('/api/review')).toBe(2);
    expect(await totalCount('/api/reviews')).toBe(1);
    expect(await totalCount('/api/reviews?status=approved')).toBe(2);
    expect(await totalCount('/api/notices')).toBe(1);
    expect(await totalCount('/api/outbox?status=sent')).toBe(1);
    const donations = await t.api('/api/payment', { headers: admin.auth });
    expect([
      donations.headers.get('x-total-count'),
      donations.headers.get('x-total-amount'),
      donations.headers.get('x-total-amounts'),
    ]).toEqual(['3', '4000', 'usd=4000, eur=700']);
  });

  it('start again from nothing when a table is emptied', async () => {
    await t.app.db.execute(sql`truncate registration, donation, notice, outbox_message`);
    await expectTotalsToMatchTheRows();
    expect(await totalCount('/api/register')).toBe(0);
  });
});
