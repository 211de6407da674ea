import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, donation } from '../db/schema.ts';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { startStripeStandIn } from '../test/stripe-stand-in.ts';

const webhookSecret = 'whsec_test_secret_for_the_stand_in';
let stripeApi: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: TestApp;
let donor: TestAccount;
let eventId: string;
const stripe = new Stripe('sk_test_unused');

beforeAll(async () => {
  stripeApi = await startStripeStandIn();
  t = await startTestApp({
    stripe: { secretKey: 'sk_test_stand_in', publishableKey: 'pk_test_stand_in', webhookSecret, apiBase: stripeApi.url },
  });
  donor = await signUp(t);
  eventId = (await insertEvent(t.app.db, { title: 'Beach and Dunes Clean-up' })).id;
});
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});

async function startPayment() {
  const res = await call(t, 'POST', '/api/create-payment-intent', { eventId, attemptId: randomUUID(), amount: 5 }, donor.auth);
  expect(res.status).toBe(200);
  return res.json();
}

function webhook(payload: string, header: string) {
  return t.api('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
}

function succeededEvent(paymentId: string, id = `evt_${randomUUID()}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: paymentId, object: 'payment_intent' } },
  });
}

const donationsFor = (paymentId: string) => t.app.db.select().from(donation).where(eq(donation.transaction, paymentId));

describe("the Stripe gateway, against a local stand-in of Stripe's API", () => {
  it("creates a PaymentIntent for the server's amount with an idempotency key and the donor in its metadata", async () => {
    const started = await startPayment();
    expect(started).toMatchObject({ mode: 'stripe', publishableKey: 'pk_test_stand_in', amount: 3000 });
    expect(started.clientSecret).toMatch(/^pi_.+_secret_/);
    const created = stripeApi.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents')!;
    expect(created.body.get('amount')).toBe('3000');
    expect(created.body.get('currency')).toBe('usd');
    expect(created.body.get('metadata[accountId]')).toBe(donor.id);
    expect(created.idempotencyKey).toMatch(new RegExp(`^donation:${donor.id}:${eventId}:`));
  });

  it('records a donation only once Stripe says the payment succeeded, with its last 4 digits', async () => {
    const started = await startPayment();
    expect((await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, donor.auth)).status).toBe(409);
    stripeApi.succeed(started.paymentId, '4242');
    const res = await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, donor.auth);
    expect(res.status).toBe(200);
    expect(await donationsFor(started.paymentId)).toMatchObject([
      { amountCents: 3000, last4: '4242', email: donor.email, eventTitle: 'Beach and Dunes Clean-up' },
    ]);
  });

  it('records a payment from a correctly signed webhook, so closing the tab after paying loses nothing', async () => {
    const started = await startPayment();
    stripeApi.succeed(started.paymentId, '1881');
    const payload = succeededEvent(started.paymentId);
    const res = await webhook(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, handled: true });
    expect(await donationsFor(started.paymentId)).toMatchObject([{ last4: '1881', accountId: donor.id }]);
    // The browser's confirmation arriving afterwards finds the same donation.
    const browser = await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, donor.auth);
    expect((await browser.json()).insertedId).toBe((await donationsFor(started.paymentId))[0]?.id);
  });

  it('handles each notification once, however often it is delivered', async () => {
    const started = await startPayment();
    stripeApi.succeed(started.paymentId);
    const payload = succeededEvent(started.paymentId);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(await (await webhook(payload, header)).json()).toEqual({ received: true, handled: true });
    expect(await (await webhook(payload, header)).json()).toEqual({ received: true, handled: false });
    expect(await donationsFor(started.paymentId)).toHaveLength(1);
  });

  it('records nothing for a bad signature, a signature with another secret, or an old replayed one', async () => {
    const started = await startPayment();
    stripeApi.succeed(started.paymentId);
    const payload = succeededEvent(started.paymentId);
    const old = Math.floor(Date.now() / 1000) - 60 * 60;
    for (const header of [
      't=1,v1=deadbeef',
      stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
      stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: old }),
    ]) {
      const res = await webhook(payload, header);
      expect(res.status).toBe(400);
    }
    const tampered = succeededEvent(started.paymentId).replace('payment_intent.succeeded', 'payment_intent.succeeded ');
    const signedOriginal = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect((await webhook(tampered, signedOriginal)).status).toBe(400);
    expect(await donationsFor(started.paymentId)).toEqual([]);
  });

  it('acknowledges a payment that is not a donation made here, and records nothing', async () => {
    const foreign = await new Stripe('sk_test_other', {
      host: stripeApi.url.hostname,
      port: Number(stripeApi.url.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    }).paymentIntents.create({ amount: 999, currency: 'usd' });
    stripeApi.succeed(foreign.id);
    const payload = succeededEvent(foreign.id);
    const res = await webhook(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
    expect(res.status).toBe(200);
    expect(await donationsFor(foreign.id)).toEqual([]);
  });

  it("still records the money when the donor's account was deleted before the notification came", async () => {
    const leaving = await signUp(t);
    const res = await call(t, 'POST', '/api/create-payment-intent', { eventId, attemptId: randomUUID() }, leaving.auth);
    const started = await res.json();
    await t.app.db.delete(account).where(eq(account.id, leaving.id));
    stripeApi.succeed(started.paymentId);
    const payload = succeededEvent(started.paymentId);
    const hook = await webhook(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
    expect(hook.status).toBe(200);
    expect(await donationsFor(started.paymentId)).toMatchObject([{ accountId: null, email: leaving.email, amountCents: 3000 }]);
  });

  it('does not record a webhook for a payment that has not succeeded at Stripe', async () => {
    const started = await startPayment();
    const payload = succeededEvent(started.paymentId);
    const res = await webhook(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
    expect(res.status).toBe(200);
    expect(await donationsFor(started.paymentId)).toEqual([]);
  });
});
