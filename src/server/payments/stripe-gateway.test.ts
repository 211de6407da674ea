import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, donation, outboxMessage } from '../db/schema.ts';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { postToWebhook, startStripeStandIn, stripeSettingsFor, standInWebhookSecret as webhookSecret } from '../test/stripe-stand-in.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let stripeApi: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: TestApp;
let donor: TestAccount;
let admin: TestAccount;
let eventId: string;
const stripe = new Stripe('sk_test_unused');

beforeAll(async () => {
  stripeApi = await startStripeStandIn();
  t = await startTestApp({ stripe: stripeSettingsFor(stripeApi) });
  donor = await signUp(t);
  admin = await signUp(t, { role: 'admin' });
  eventId = (await insertEvent(t.app.db, { title: 'Beach and Dunes Clean-up' })).id;
});
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});

async function startPayment() {
  const res = await call(t, 'POST', '/api/create-payment-intent', { eventId, attemptId: randomUUID() }, donor.auth);
  expect(res.status).toBe(200);
  return res.json();
}

const webhook = (payload: string, header: string) => postToWebhook(t, payload, header);

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

/** A Stripe `charge.refunded` event for a payment given back in full, as Stripe signs it. */
function refundedEvent(paymentId: string, refundId: string | null, id = `evt_${randomUUID()}`, refunded = true) {
  return JSON.stringify({
    id,
    object: 'event',
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_${randomUUID().slice(0, 8)}`,
        object: 'charge',
        payment_intent: paymentId,
        refunded,
        refunds: { object: 'list', data: refundId ? [{ id: refundId, object: 'refund' }] : [] },
      },
    },
  });
}

describe('refunds through Stripe', () => {
  /** A donation paid at Stripe and recorded. */
  async function paidDonation() {
    const started = await startPayment();
    stripeApi.succeed(started.paymentId);
    const res = await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, donor.auth);
    return { paymentId: started.paymentId as string, donationId: (await res.json()).insertedId as string };
  }
  const refundMails = async (donationId: string) =>
    (
      await t.app.db
        .select()
        .from(outboxMessage)
        .where(eq(outboxMessage.key, `donation-refunded:${donationId}`))
    ).length;

  it("refunds the PaymentIntent with the donation's id as the idempotency key, once", async () => {
    const { paymentId, donationId } = await paidDonation();
    const res = await call(t, 'POST', `/api/payment/${donationId}/refund`, {}, admin.auth);
    expect(res.status).toBe(200);
    const refundRequests = stripeApi.requests.filter((r) => r.path === '/v1/refunds' && r.body.get('payment_intent') === paymentId);
    expect(refundRequests).toHaveLength(1);
    expect(refundRequests[0]?.idempotencyKey).toBe(`refund:${donationId}`);
    const [row] = await donationsFor(paymentId);
    expect(row?.refundId).toBe(stripeApi.refunded.get(paymentId)?.id);
    expect((await call(t, 'POST', `/api/payment/${donationId}/refund`, {}, admin.auth)).status).toBe(409);

    // Stripe's own notice of that refund arrives afterwards: nothing more happens.
    const payload = refundedEvent(paymentId, row?.refundId ?? null);
    const hook = await webhook(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
    expect(await hook.json()).toEqual({ received: true, handled: true });
    expect(await refundMails(donationId)).toBe(1);
    expect((await donationsFor(paymentId))[0]?.refundedBy).toBe(admin.id);
  });

  it("answers 409 with Stripe's reason when Stripe will not refund (already given back in its dashboard)", async () => {
    const { paymentId, donationId } = await paidDonation();
    await new Stripe('sk_test_dashboard', {
      host: stripeApi.url.hostname,
      port: Number(stripeApi.url.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    }).refunds.create({ payment_intent: paymentId });
    const res = await call(t, 'POST', `/api/payment/${donationId}/refund`, {}, admin.auth);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toMatch(
      /^The payment provider would not refund this donation: Charge .* has already been refunded\.$/,
    );
    expect((await donationsFor(paymentId))[0]?.refundedAt).toBeNull();
  });

  it('marks a donation refunded in the dashboard from a signed charge.refunded, once, and ignores replays and bad signatures', async () => {
    const { paymentId, donationId } = await paidDonation();
    const payload = refundedEvent(paymentId, 're_from_dashboard');
    const old = Math.floor(Date.now() / 1000) - 60 * 60;
    for (const header of [
      't=1,v1=deadbeef',
      stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
      stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: old }),
    ]) {
      expect((await webhook(payload, header)).status).toBe(400);
    }
    expect((await webhook(payload, '')).status).toBe(400);
    expect((await donationsFor(paymentId))[0]?.refundedAt).toBeNull();

    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(await (await webhook(payload, header)).json()).toEqual({ received: true, handled: true });
    expect(await (await webhook(payload, header)).json()).toEqual({ received: true, handled: false });
    // The same refund told again in another event: still marked once.
    const retold = refundedEvent(paymentId, 're_from_dashboard');
    expect((await webhook(retold, stripe.webhooks.generateTestHeaderString({ payload: retold, secret: webhookSecret }))).status).toBe(200);
    const [row] = await donationsFor(paymentId);
    expect(row).toMatchObject({ refundId: 're_from_dashboard', refundedBy: null });
    expect(row?.refundedAt).not.toBeNull();
    expect(await refundMails(donationId)).toBe(1);
  });

  it('leaves a donation alone when only part of it was given back', async () => {
    const { paymentId } = await paidDonation();
    const payload = refundedEvent(paymentId, 're_partial', undefined, false);
    expect((await webhook(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }))).status).toBe(200);
    expect((await donationsFor(paymentId))[0]?.refundedAt).toBeNull();
  });
});
