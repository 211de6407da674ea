import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { totalAmountHeader } from '../../../shared/http.ts';
import { donation, outboxMessage, testPayment } from '../../db/schema.ts';
import { call, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

/** Refunds in the offline test mode; the Stripe adapter's are in payments/stripe-gateway.test.ts. */

let t: TestApp;
let admin: TestAccount;
let donor: TestAccount;
let other: TestAccount;
let eventId: string;

sharedApp({ admin: { role: 'admin' }, donor: {}, other: {} }, async (started) => {
  ({ t, admin, donor, other } = started);
  eventId = (await insertEvent(t.app.db, { title: 'Food Bank Saturday' })).id;
});

/** A donation paid with the test card and recorded, as the donation page does. */
async function donate(who: TestAccount = donor): Promise<string> {
  const started = await (await call(t, 'POST', '/api/create-payment-intent', { eventId, attemptId: randomUUID() }, who.auth)).json();
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', postalCode: '10001' };
  expect((await call(t, 'POST', '/api/test-payments/confirm', { clientSecret: started.clientSecret, card }, who.auth)).status).toBe(200);
  const recorded = await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, who.auth);
  expect(recorded.status).toBe(200);
  return (await recorded.json()).insertedId;
}

const refund = (id: string, who: TestAccount | null = admin) => call(t, 'POST', `/api/payment/${id}/refund`, {}, who?.auth ?? {});
const rowOf = async (id: string) => (await t.app.db.select().from(donation).where(eq(donation.id, id)))[0];
const refundMessages = async (id: string) =>
  (
    await t.app.db
      .select()
      .from(outboxMessage)
      .where(eq(outboxMessage.key, `donation-refunded:${id}`))
  ).length;

describe('POST /api/payment/{id}/refund', () => {
  it('gives the donation back, marks it with who and when, answers it, and emails the donor once', async () => {
    const id = await donate();
    const res = await refund(id);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ _id: id, amount: 3000, refundedBy: admin.id, email: donor.email });
    expect(Date.now() - Date.parse(body.refundedAt)).toBeLessThan(60_000);
    const row = await rowOf(id);
    expect(row?.refundId).toMatch(/^re_test_/);
    const [payment] = await t.app.db
      .select()
      .from(testPayment)
      .where(eq(testPayment.id, row?.transaction ?? ''));
    expect(payment?.refundId).toBe(row?.refundId);
    const queued = async () => {
      const [found] = await t.app.db
        .select()
        .from(outboxMessage)
        .where(eq(outboxMessage.key, `donation-refunded:${id}`));
      return found;
    };
    expect(await queued()).toMatchObject({ kind: 'donation-refunded', to: donor.email, subject: 'Refunded: $30.00 to Helping Hands' });
    // The outbox worker writes the message after the refund's commit (decision 040).
    await expect.poll(async () => (await queued())?.input, { timeout: 10_000 }).toBeNull();
    const message = await queued();
    expect(message?.subject).toBe('Refunded: $30.00 to Helping Hands');
    expect(message?.text).toContain('has refunded your donation of $30.00 for Food Bank Saturday');

    const again = await refund(id);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toMatch(/^This donation was already refunded on \d{1,2} \w+ \d{4}$/);
    expect(await refundMessages(id)).toBe(1);
  });

  it('is for admins only: signed out 401, the donor and others 403, and nothing changes', async () => {
    const id = await donate();
    expect((await refund(id, null)).status).toBe(401);
    expect((await refund(id, donor)).status).toBe(403);
    expect((await refund(id, other)).status).toBe(403);
    expect((await rowOf(id))?.refundedAt).toBeNull();
    expect(await refundMessages(id)).toBe(0);
  });

  it('answers 404 for a donation that does not exist', async () => {
    expect((await refund(randomUUID())).status).toBe(404);
    expect((await refund('not-an-id')).status).toBe(404);
  });

  it('refunds once when asked 20 times at once: one 200, the rest 409, one refund and one email', async () => {
    const id = await donate();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(id)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await refundMessages(id)).toBe(1);
    const row = await rowOf(id);
    const [payment] = await t.app.db
      .select()
      .from(testPayment)
      .where(eq(testPayment.id, row?.transaction ?? ''));
    expect(payment?.refundId).toBe(row?.refundId);
  });

  it('keeps refunded donations listed, marked, and out of the total raised', async () => {
    const searched = `q=${encodeURIComponent(other.email)}`;
    const kept = await donate(other);
    const givenBack = await donate(other);
    expect((await refund(givenBack)).status).toBe(200);
    const list = await call(t, 'GET', `/api/payment?${searched}`, undefined, admin.auth);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect(list.headers.get(totalAmountHeader)).toBe('3000');
    const rows = (await list.json()) as { _id: string; refundedAt: string | null }[];
    expect(rows.find((r) => r._id === givenBack)?.refundedAt).not.toBeNull();
    expect(rows.find((r) => r._id === kept)?.refundedAt).toBeNull();
    // The donor sees it marked on My Donation.
    const mine = (await (await call(t, 'GET', `/api/payment/${encodeURIComponent(other.email)}`, undefined, other.auth)).json()) as {
      _id: string;
      refundedAt: string | null;
    }[];
    expect(mine.find((r) => r._id === givenBack)?.refundedAt).not.toBeNull();
  });
});
