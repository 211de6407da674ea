import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { donation, testPayment } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { readSiteSettings, writeSiteSettings } from '../site/settings.ts';

let t: TestApp;
let admin: TestAccount;
let donor: TestAccount;
let other: TestAccount;
let eventId: string;

const nextYear = new Date().getFullYear() + 1;
const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: nextYear,
  cvc: '123',
  postalCode: '10001',
  ...extra,
});

async function start(who: TestAccount, body: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', '/api/create-payment-intent', { eventId, attemptId: randomUUID(), ...body }, who.auth);
  expect(res.status).toBe(200);
  return res.json() as Promise<{ clientSecret: string; paymentId: string; amount: number; currency: string; mode: string }>;
}

const confirm = (who: TestAccount, clientSecret: string, c: Record<string, unknown>) =>
  call(t, 'POST', '/api/test-payments/confirm', { clientSecret, card: c }, who.auth);

async function pay(who: TestAccount, number = '4242 4242 4242 4242') {
  const started = await start(who);
  const res = await confirm(who, started.clientSecret, card(number));
  return { started, result: await res.json() };
}

sharedApp({ admin: { role: 'admin' }, donor: {}, other: {} }, async (started) => {
  ({ t, admin, donor, other } = started);
  eventId = (await insertEvent(t.app.db, { title: 'Winter Coat Drive', banner: '/images/events/coat-drive.svg' })).id;
});

describe('POST /api/create-payment-intent', () => {
  it('needs a signed-in caller', async () => {
    expect((await call(t, 'POST', '/api/create-payment-intent', { eventId, attemptId: randomUUID() })).status).toBe(401);
  });

  it("charges the first amount offered when none is named, whatever price the browser sends (the spec's { price })", async () => {
    const started = await start(donor, { price: 1 });
    expect(started).toMatchObject({ amount: 3000, mode: 'test' });
    const [row] = await t.app.db.select().from(testPayment).where(eq(testPayment.id, started.paymentId));
    expect(row?.amountCents).toBe(3000);
  });

  it('makes an attempt id when the caller sends none: each call a payment of its own', async () => {
    const res = await call(t, 'POST', '/api/create-payment-intent', { eventId }, donor.auth);
    expect(res.status).toBe(200);
    const again = await call(t, 'POST', '/api/create-payment-intent', { eventId }, donor.auth);
    expect((await again.json()).paymentId).not.toBe((await res.json()).paymentId);
  });

  it('reuses the payment of the same attempt', async () => {
    const attemptId = randomUUID();
    const a = await start(donor, { attemptId });
    const b = await start(donor, { attemptId });
    expect(b.paymentId).toBe(a.paymentId);
  });

  it('answers 404 for an unknown event', async () => {
    const res = await call(t, 'POST', '/api/create-payment-intent', { eventId: randomUUID(), attemptId: randomUUID() }, donor.auth);
    expect(res.status).toBe(404);
  });
});

describe("the test-mode gateway gives Stripe's test cards their documented outcomes", () => {
  it.each([
    ['4242 4242 4242 4242', 'succeeded', undefined],
    ['4000 0000 0000 0002', 'requires_payment_method', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'requires_payment_method', 'Your card has insufficient funds.'],
    ['4000 0000 0000 9987', 'requires_payment_method', 'Your card was declined.'],
    ['4000 0000 0000 9979', 'requires_payment_method', 'Your card was declined.'],
    ['4000 0000 0000 0069', 'requires_payment_method', 'Your card has expired.'],
    ['4000 0000 0000 0127', 'requires_payment_method', "Your card's security code is incorrect."],
    ['4000 0000 0000 0119', 'requires_payment_method', 'An error occurred while processing your card. Try again in a little bit.'],
    ['4242 4242 4242 4241', 'requires_payment_method', 'Your card number is incorrect.'],
    [
      '5555 5555 5555 4444',
      'requires_payment_method',
      'Your card was declined. In test mode, use a test card such as 4242 4242 4242 4242.',
    ],
  ])('%s → %s', async (number, status, message) => {
    const { started, result } = await pay(donor, number);
    expect(result.status).toBe(status);
    expect(result.error?.message).toBe(message);
    const [row] = await t.app.db.select().from(testPayment).where(eq(testPayment.id, started.paymentId));
    expect(row?.last4 ?? null).toBe(status === 'succeeded' ? number.slice(-4) : null);
    // Nothing but the last four digits is ever stored.
    expect(JSON.stringify(row)).not.toContain(number.replace(/ /g, '').slice(0, 12));
  });

  it('refuses an expiry in the past', async () => {
    const started = await start(donor);
    const res = await confirm(donor, started.clientSecret, card('4242424242424242', { expYear: 2020 }));
    expect((await res.json()).error.message).toBe("Your card's expiration date is in the past.");
  });

  it('says which card field is incomplete', async () => {
    const started = await start(donor);
    const res = await confirm(donor, started.clientSecret, card('4242', { cvc: '1' }));
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).error.fields).sort()).toEqual(['card.cvc', 'card.number']);
  });

  it('lets only the donor confirm their payment', async () => {
    const started = await start(donor);
    expect((await confirm(other, started.clientSecret, card('4242424242424242'))).status).toBe(404);
  });
});

describe('POST /api/payment', () => {
  it("records a succeeded payment once, with the gateway's amount and the event's title, whatever the payload says", async () => {
    const { started } = await pay(donor);
    const body = { transaction: started.paymentId, amount: 1, email: admin.email, event: 'Forged', last4: '0000' };
    const first = await call(t, 'POST', '/api/payment', body, donor.auth);
    expect(first.status).toBe(200);
    const { insertedId } = await first.json();
    const again = await call(t, 'POST', '/api/payment', body, donor.auth);
    expect(await again.json()).toEqual({ insertedId });
    const rows = await t.app.db.select().from(donation).where(eq(donation.transaction, started.paymentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountCents: 3000,
      email: donor.email,
      accountId: donor.id,
      eventTitle: 'Winter Coat Drive',
      last4: '4242',
    });
  });

  it('records one donation from 20 confirmations of one payment at once', async () => {
    const { started } = await pay(donor);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(t, 'POST', '/api/payment', { transaction: started.paymentId }, donor.auth)),
    );
    const ids = new Set(await Promise.all(results.map(async (r) => (await r.json()).insertedId)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await t.app.db.select().from(donation).where(eq(donation.transaction, started.paymentId))).toHaveLength(1);
  });

  it("records nothing for a declined payment, someone else's payment or an unknown one", async () => {
    const declined = await pay(donor, '4000000000000002');
    expect((await call(t, 'POST', '/api/payment', { transaction: declined.started.paymentId }, donor.auth)).status).toBe(409);
    const paid = await pay(donor);
    expect((await call(t, 'POST', '/api/payment', { transaction: paid.started.paymentId }, other.auth)).status).toBe(403);
    expect((await call(t, 'POST', '/api/payment', { transaction: 'pi_unknown' }, donor.auth)).status).toBe(404);
    expect((await call(t, 'POST', '/api/payment', { transaction: paid.started.paymentId })).status).toBe(401);
    expect(await t.app.db.select().from(donation).where(eq(donation.transaction, declined.started.paymentId))).toEqual([]);
    expect(await t.app.db.select().from(donation).where(eq(donation.transaction, paid.started.paymentId))).toEqual([]);
  });
});

describe('reading donations', () => {
  it('GET /payment is for admins, searched and paged with the total', async () => {
    expect((await call(t, 'GET', '/api/payment')).status).toBe(401);
    expect((await call(t, 'GET', '/api/payment', undefined, donor.auth)).status).toBe(403);
    expect((await call(t, 'GET', '/api/payment', undefined, (await signUp(t, { role: 'volunteer' })).auth)).status).toBe(403);
    const res = await call(t, 'GET', '/api/payment?q=coat&limit=1', undefined, admin.auth);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBe(2);
    const [first] = await res.json();
    expect(first).toMatchObject({
      amount: 3000,
      event: 'Winter Coat Drive',
      eventBanner: '/images/events/coat-drive.svg',
      email: donor.email,
    });
  });

  it('GET /payment/{email} is for the donor and admins', async () => {
    const path = `/api/payment/${donor.email}`;
    expect((await call(t, 'GET', path)).status).toBe(401);
    expect((await call(t, 'GET', path, undefined, other.auth)).status).toBe(403);
    expect(await (await call(t, 'GET', path, undefined, donor.auth)).json()).toHaveLength(2);
    expect(await (await call(t, 'GET', path, undefined, admin.auth)).json()).toHaveLength(2);
  });

  it("does not show a deleted account's donations to whoever signs up with its email later", async () => {
    const first = await signUp(t);
    const { started } = await pay(first);
    await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, first.auth);
    expect((await call(t, 'DELETE', `/api/users/${first.id}`, undefined, admin.auth)).status).toBe(200);
    const newcomer = await signUp(t, { email: first.email });
    expect(await (await call(t, 'GET', `/api/payment/${first.email}`, undefined, newcomer.auth)).json()).toEqual([]);
    const forAdmin = await (await call(t, 'GET', `/api/payment/${first.email}`, undefined, admin.auth)).json();
    expect(forAdmin.map((d: { transaction: string }) => d.transaction)).toEqual([started.paymentId]);
  });

  it('refuses notifications in test mode: there is no webhook without Stripe', async () => {
    const res = await t.api('/api/stripe/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
  });
});

describe('the currency', () => {
  it("charges in the organisation's currency, as its settings say when the payment starts", async () => {
    const before = await readSiteSettings(t.app.db);
    await writeSiteSettings(t.app.db, { ...before, currency: 'gbp' }, admin.id);
    try {
      const { started } = await pay(donor);
      expect(started).toMatchObject({ amount: 3000, currency: 'gbp' });
      expect((await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, donor.auth)).status).toBe(200);
      const [row] = await t.app.db.select().from(donation).where(eq(donation.transaction, started.paymentId));
      expect(row).toMatchObject({ amountCents: 3000, currency: 'gbp' });
    } finally {
      await writeSiteSettings(t.app.db, before, admin.id);
    }
  });
});

describe('amounts a donor may give', () => {
  const paymentsCharged = async () => (await t.app.db.select().from(testPayment)).length;
  const settingsWith = async (amounts: Record<string, unknown>) => {
    const { socialSignIn: _, ...site } = await (await t.api('/api/site')).json();
    const res = await call(t, 'PUT', '/api/site', { ...site, ...amounts }, admin.auth);
    expect(res.status).toBe(200);
    return res.json();
  };
  const startWith = (amount: unknown) =>
    call(t, 'POST', '/api/create-payment-intent', { eventId, attemptId: randomUUID(), amount }, donor.auth);

  it('offers DONATION_AMOUNT alone on a fresh install, with no other amount', async () => {
    const site = await (await t.api('/api/site')).json();
    expect(site).toMatchObject({ donationAmounts: [3000], customAmount: false, minAmount: 100, maxAmount: 1_000_000 });
  });

  it('charges each preset asked for, and refuses anything else with 400 naming the amounts, charging nothing', async () => {
    await settingsWith({ donationAmounts: [1500, 3000, 10000], customAmount: false });
    for (const amount of [1500, 3000, 10000]) {
      const res = await startWith(amount);
      expect(res.status).toBe(200);
      const started = await res.json();
      expect(started.amount).toBe(amount);
      const [row] = await t.app.db.select().from(testPayment).where(eq(testPayment.id, started.paymentId));
      expect(row?.amountCents).toBe(amount);
    }
    const before = await paymentsCharged();
    for (const amount of [1, 2999, 3001, 5000, -3000, 0, 1e12]) {
      const res = await startWith(amount);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.fields.amount).toBe('Choose one of the amounts offered: $15.00, $30.00, $100.00');
    }
    for (const amount of ['3000', 30.5, null, { cents: 3000 }, [3000]]) {
      const res = await startWith(amount);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields.amount).toMatch(/whole number of the currency's minor unit/);
    }
    expect(await paymentsCharged()).toBe(before);
  });

  it('takes another amount within the bounds when allowed, and refuses one outside them', async () => {
    await settingsWith({ donationAmounts: [2500, 5000], customAmount: true, minAmount: 500, maxAmount: 50_000 });
    for (const amount of [500, 1234, 50_000]) {
      const res = await startWith(amount);
      expect(res.status).toBe(200);
      expect((await res.json()).amount).toBe(amount);
    }
    const before = await paymentsCharged();
    for (const amount of [499, 50_001, 99_999_999]) {
      const res = await startWith(amount);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields.amount).toBe('Choose one of $25.00, $50.00, or another amount from $5.00 to $500.00');
    }
    expect(await paymentsCharged()).toBe(before);
    // Without an amount: the first offered.
    const res = await call(t, 'POST', '/api/create-payment-intent', { eventId, attemptId: randomUUID() }, donor.auth);
    expect((await res.json()).amount).toBe(2500);
  });

  it('refuses settings with amounts a card payment cannot have, repeated, or bounds the wrong way round', async () => {
    const { socialSignIn: _, ...site } = await (await t.api('/api/site')).json();
    const refused = async (amounts: Record<string, unknown>, field: string, message: RegExp) => {
      const res = await call(t, 'PUT', '/api/site', { ...site, ...amounts }, admin.auth);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(Object.entries(body.error.fields ?? {}).some(([name, text]) => name.startsWith(field) && message.test(String(text)))).toBe(
        true,
      );
    };
    await refused({ donationAmounts: [] }, 'donationAmounts', /at least one amount/);
    await refused({ donationAmounts: [10, 3000] }, 'donationAmounts', /at least \$0\.50/);
    await refused({ donationAmounts: [3000, 3000] }, 'donationAmounts', /once/);
    await refused({ donationAmounts: [1, 2, 3, 4, 5, 6, 7].map((n) => n * 1000) }, 'donationAmounts', /At most 6/);
    await refused({ minAmount: 10_000, maxAmount: 5_000 }, 'maxAmount', /at least the smallest/);
    await refused({ customAmount: 'yes' }, 'customAmount', /allowed or not/);
  });
});
