import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donation, subscription } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { mailSettingsFor } from '../../test/mailing-app.ts';
import { type SmtpStandIn, signUpConfirmation, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { postToWebhook, standInWebhookSecret, startStripeStandIn, stripeSettingsFor } from '../../test/stripe-stand-in.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Monthly giving through Stripe Subscriptions: the real `stripe` library against a local stand-in of
 * Stripe's API, and Stripe's notices signed as Stripe signs them.
 */
let stripeApi: Awaited<ReturnType<typeof startStripeStandIn>>;
let smtp: SmtpStandIn;
let t: TestApp;
let admin: TestAccount;
let eventId: string;
const stripe = new Stripe('sk_test_unused');

beforeAll(async () => {
  stripeApi = await startStripeStandIn();
  smtp = await startSmtpStandIn(0, { ignoring: signUpConfirmation });
  t = await startTestApp({ stripe: stripeSettingsFor(stripeApi), mail: mailSettingsFor(smtp.url) });
  admin = await signUp(t, { role: 'admin' });
  eventId = (await insertEvent(t.app.db, { title: 'Harbour Steps Repair' })).id;
  const { socialSignIn: _, ...site } = await (await t.api('/api/site')).json();
  const saved = await call(
    t,
    'PUT',
    '/api/site',
    { ...site, donationAmounts: [1000, 3000], customAmount: true, minAmount: 500, maxAmount: 50_000 },
    admin.auth,
  );
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await stripeApi.close();
});

/** Stripe's notice of `type` about `object`, signed with the webhook secret, as Stripe sends it. */
async function notify(type: string, object: { id: string; object: string }, eventIdOf = `evt_${randomUUID()}`) {
  const payload = JSON.stringify({ id: eventIdOf, object: 'event', type, data: { object } });
  const res = await postToWebhook(t, payload, stripe.webhooks.generateTestHeaderString({ payload, secret: standInWebhookSecret }));
  expect(res.status).toBe(200);
  return res.json();
}

const gift = async (id: string) => (await t.app.db.select().from(subscription).where(eq(subscription.id, id)))[0]!;
const donationsOf = (id: string) => t.app.db.select().from(donation).where(eq(donation.subscriptionId, id));

/** A monthly gift started and its first month paid with Stripe Elements, then recorded by the browser. */
async function giveMonthly(who: TestAccount, amount = 3000) {
  const res = await call(t, 'POST', '/api/subscriptions', { amount, eventId, attemptId: randomUUID() }, who.auth);
  expect(res.status).toBe(200);
  const started = await res.json();
  expect(started).toMatchObject({ mode: 'stripe', publishableKey: 'pk_test_stand_in', amount });
  const row = await gift(started.subscriptionId);
  stripeApi.payFirstInvoice(row.gatewayId!);
  const recorded = await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, who.auth);
  expect(recorded.status).toBe(200);
  return { id: started.subscriptionId as string, gatewayId: row.gatewayId!, paymentId: started.paymentId as string };
}

describe('monthly giving through Stripe Subscriptions', () => {
  it('starts a subscription for the server’s amount, and records its first month as a donation once', async () => {
    const donor = await signUp(t);
    const { id, gatewayId, paymentId } = await giveMonthly(donor);
    const made = stripeApi.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions')!;
    expect(made.body.get('items[0][price_data][unit_amount]')).toBe('3000');
    expect(made.body.get('items[0][price_data][recurring][interval]')).toBe('month');
    expect(made.body.get('payment_behavior')).toBe('default_incomplete');
    expect(made.body.get('metadata[subscriptionId]')).toBe(id);
    expect(stripeApi.intents.get(paymentId)?.metadata).toMatchObject({ subscriptionId: id, accountId: donor.id, period: '1' });
    expect(await gift(id)).toMatchObject({ status: 'active', gatewayId, period: 2, last4: '4242' });

    // Stripe's notice of the first invoice, and of its payment, find the same donation.
    const firstInvoice = stripeApi.subscriptions.get(gatewayId)!.invoices[0]!;
    await notify('invoice.paid', { id: firstInvoice, object: 'invoice' });
    await notify('payment_intent.succeeded', { id: paymentId, object: 'payment_intent' });
    expect(await donationsOf(id)).toHaveLength(1);
    const [receipt] = await smtp.mailTo(donor.email);
    expect(receipt?.text).toContain('Manage your monthly gift');
  });

  it('records each month Stripe bills once, however often its notice comes, with the next date Stripe gives', async () => {
    const donor = await signUp(t);
    const { id, gatewayId } = await giveMonthly(donor);
    for (let month = 0; month < 2; month++) {
      const invoice = stripeApi.bill(gatewayId);
      const eventOf = `evt_${randomUUID()}`;
      expect(await notify('invoice.paid', { id: invoice, object: 'invoice' }, eventOf)).toEqual({ received: true, handled: true });
      expect(await notify('invoice.paid', { id: invoice, object: 'invoice' }, eventOf)).toEqual({ received: true, handled: false });
      // The same invoice under another notice id (Stripe sends some twice): still one donation.
      await notify('invoice.paid', { id: invoice, object: 'invoice' });
    }
    expect(await donationsOf(id)).toHaveLength(3);
    const row = await gift(id);
    expect(row.period).toBe(4);
    expect(row.nextPaymentAt!.getTime()).toBe(stripeApi.subscriptions.get(gatewayId)!.periodEnd * 1000);
    expect(await smtp.mailTo(donor.email, { count: 3, subject: /receipt/ })).toHaveLength(3);
  });

  it('tells the donor when a month is refused, with Stripe’s page to pay it, and ends the gift when Stripe gives up', async () => {
    const donor = await signUp(t);
    const { id, gatewayId } = await giveMonthly(donor);
    const refused = stripeApi.bill(gatewayId, 'refused');
    await notify('invoice.payment_failed', { id: refused, object: 'invoice' });
    expect(await (await call(t, 'GET', `/api/subscriptions/${id}`, undefined, donor.auth)).json()).toMatchObject({
      status: 'active',
      paymentFailing: true,
    });
    const [failed] = await smtp.mailTo(donor.email, { subject: /did not go through/ });
    expect(failed?.text).toContain(`https://invoice.stripe.test/${refused}`);

    stripeApi.subscriptions.get(gatewayId)!.status = 'canceled';
    await notify('customer.subscription.deleted', { id: gatewayId, object: 'subscription' });
    expect(await gift(id)).toMatchObject({ status: 'ended', nextPaymentAt: null });
    const [ended] = await smtp.mailTo(donor.email, { subject: /has ended/ });
    expect(ended?.text).toContain('no more payments will be taken');
    expect(await donationsOf(id)).toHaveLength(1);
  });

  it('changes the amount, pauses, resumes and cancels at Stripe as the donor asks', async () => {
    const donor = await signUp(t);
    const { id, gatewayId } = await giveMonthly(donor);
    const at = () => stripeApi.subscriptions.get(gatewayId)!;
    const change = (body: unknown) => call(t, 'PUT', `/api/subscriptions/${id}`, body, donor.auth);

    expect((await change({ amount: 4500 })).status).toBe(200);
    expect(at().unitAmount).toBe(4500);
    const paused = await (await change({ action: 'pause', months: 2 })).json();
    expect(at().pauseCollection).toEqual({ behavior: 'void', resumes_at: Math.floor(Date.parse(paused.pausedUntil) / 1000) });
    expect((await change({ action: 'resume' })).status).toBe(200);
    expect(at().pauseCollection).toBeNull();
    expect(await (await change({ action: 'cancel' })).json()).toMatchObject({ status: 'cancelled' });
    expect(at().status).toBe('canceled');

    // Stripe's notice that the subscription is gone: it stays cancelled, and no 'ended' message is sent.
    await notify('customer.subscription.deleted', { id: gatewayId, object: 'subscription' });
    expect((await gift(id)).status).toBe('cancelled');
    await smtp.mailTo(donor.email, { count: 4, subject: /has changed/ });
    expect((await smtp.mailTo(donor.email, { count: 0 })).filter((m) => /has ended/.test(m.subject))).toEqual([]);
  });

  it('has no test-mode renewal or card form, and stops a deleted account’s gifts at Stripe', async () => {
    const donor = await signUp(t);
    const { id, gatewayId } = await giveMonthly(donor);
    expect((await call(t, 'POST', `/api/subscriptions/${id}/test-renewal`, undefined, admin.auth)).status).toBe(404);
    const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123', postalCode: '10001' };
    expect((await call(t, 'POST', `/api/subscriptions/${id}/card`, { card }, donor.auth)).status).toBe(404);
    expect(t.app.renewals).toBeUndefined();

    const deleted = await call(t, 'DELETE', '/api/users/me', { confirm: donor.email }, donor.auth);
    expect(deleted.status).toBe(200);
    expect(stripeApi.subscriptions.get(gatewayId)!.status).toBe('canceled');
    expect((await gift(id)).status).toBe('cancelled');
  });
});
