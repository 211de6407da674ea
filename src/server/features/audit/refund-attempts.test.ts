import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEntry, donation } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { postToWebhook, startStripeStandIn, stripeSettingsFor, standInWebhookSecret as webhookSecret } from '../../test/stripe-stand-in.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * An admin's refund is recorded whatever won the race with Stripe's notice of it: the attempt, with its
 * outcome. Stripe is the local stand-in; its notices are signed and sent to the app's webhook over HTTP.
 */

const stripe = new Stripe('sk_test_unused');
let stripeApi: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: TestApp;
let donor: TestAccount;
let admin: TestAccount;
let eventId: string;

beforeAll(async () => {
  stripeApi = await startStripeStandIn();
  t = await startTestApp({ stripe: stripeSettingsFor(stripeApi) });
  donor = await signUp(t);
  admin = await signUp(t, { role: 'admin' });
  eventId = (await insertEvent(t.app.db, { title: 'Harbour Litter Pick' })).id;
});
afterEach(() => stripeApi.whileRefunding(undefined));
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});

/** A donation paid at Stripe and recorded. */
async function paidDonation() {
  const started = await (await call(t, 'POST', '/api/create-payment-intent', { eventId, attemptId: randomUUID() }, donor.auth)).json();
  stripeApi.succeed(started.paymentId);
  const res = await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, donor.auth);
  expect(res.status).toBe(200);
  return { paymentId: started.paymentId as string, donationId: (await res.json()).insertedId as string };
}

/** Stripe's `charge.refunded` for a payment given back in full, signed and sent to the app's webhook. */
async function notifyRefunded(paymentId: string, refundId: string) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_${randomUUID().slice(0, 8)}`,
        object: 'charge',
        payment_intent: paymentId,
        refunded: true,
        refunds: { object: 'list', data: [{ id: refundId, object: 'refund' }] },
      },
    },
  });
  const res = await postToWebhook(t, payload, stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
  expect(await res.json()).toEqual({ received: true, handled: true });
}

/** A refund made in Stripe's dashboard: not through the app. */
const refundInDashboard = (paymentId: string) =>
  new Stripe('sk_test_dashboard', {
    host: stripeApi.url.hostname,
    port: Number(stripeApi.url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  }).refunds.create({ payment_intent: paymentId });

const refundAttempts = (donationId: string) =>
  t.app.db
    .select()
    .from(auditEntry)
    .where(and(eq(auditEntry.action, 'donation.refund'), eq(auditEntry.targetId, donationId)));

async function refund(donationId: string, expected: number) {
  const res = await call(t, 'POST', `/api/payment/${donationId}/refund`, {}, admin.auth);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(expected);
  return body;
}

/** The one entry the admin's attempt left: who, on which donation, and how it went. */
async function onlyAttempt(donationId: string, outcome: string) {
  const entries = await refundAttempts(donationId);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    actorId: admin.id,
    actorEmail: admin.email,
    actorRole: 'admin',
    targetKind: 'donation',
    targetId: donationId,
    details: { amountCents: 3000, currency: 'usd', outcome },
  });
  expect(entries[0]?.targetLabel).toContain(donor.email);
}

describe('an admin’s refund is recorded with its outcome', () => {
  it('a refund the admin’s call gives back and marks: refunded', async () => {
    const { donationId } = await paidDonation();
    await refund(donationId, 200);
    await onlyAttempt(donationId, 'refunded');
  });

  it('Stripe’s notice of the refund marking it before Stripe answers the admin’s call: still recorded, already-refunded', async () => {
    const { paymentId, donationId } = await paidDonation();
    // Stripe makes the refund, and its notice reaches the app before its answer to the call does.
    stripeApi.whileRefunding((made) => notifyRefunded(made.payment_intent, made.id));
    const body = await refund(donationId, 409);
    expect(body.error).toMatchObject({ code: 'conflict', reason: 'already-refunded' });
    const [row] = await t.app.db.select().from(donation).where(eq(donation.id, donationId));
    // The notice marked it (by nobody), with the refund the admin's call made.
    expect(row).toMatchObject({ refundedBy: null, refundId: stripeApi.refunded.get(paymentId)?.id });
    await onlyAttempt(donationId, 'already-refunded');
  });

  it('the notice first (refunded in Stripe’s dashboard), then the admin’s call: recorded, already-refunded', async () => {
    const { paymentId, donationId } = await paidDonation();
    const made = await refundInDashboard(paymentId);
    await notifyRefunded(paymentId, made.id);
    const body = await refund(donationId, 409);
    expect(body.error).toMatchObject({ code: 'conflict', reason: 'already-refunded' });
    await onlyAttempt(donationId, 'already-refunded');
  });

  it('refunded in Stripe’s dashboard, its notice not there yet: Stripe refuses, and the attempt is recorded as refused', async () => {
    const { paymentId, donationId } = await paidDonation();
    await refundInDashboard(paymentId);
    const before = (await t.app.db.select().from(auditEntry)).length;
    // Not attempts: a donator is refused before anything is tried, and there is no donation to refund.
    expect((await call(t, 'POST', `/api/payment/${donationId}/refund`, {}, donor.auth)).status).toBe(403);
    expect((await call(t, 'POST', `/api/payment/${randomUUID()}/refund`, {}, admin.auth)).status).toBe(404);
    const body = await refund(donationId, 409);
    expect(body.error).toMatchObject({ code: 'conflict', reason: 'refused' });
    await onlyAttempt(donationId, 'refused');
    expect(await t.app.db.select().from(auditEntry)).toHaveLength(before + 1);
  });
});
