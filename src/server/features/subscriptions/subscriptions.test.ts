import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { monthsAfter } from '../../../shared/subscriptions.ts';
import { auditEntry, donation, outboxMessage, subscription } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { mailingApp } from '../../test/mailing-app.ts';
import type { SmtpStandIn } from '../../test/smtp-stand-in.ts';
import type { TestApp } from '../../test/test-app.ts';
import { manageToken } from './manage-link.ts';
import { renewDue } from './renewals.ts';

let smtp: SmtpStandIn;
let t: TestApp;
let admin: TestAccount;
let eventId: string;

mailingApp(async (started) => {
  ({ smtp, t } = started);
  admin = await signUp(t, { role: 'admin' });
  eventId = (await insertEvent(t.app.db, { title: 'River Path Planting' })).id;
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

const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123', postalCode: '10001' });

/** A monthly gift as the donation page starts one in test mode: start, pay the first month with a card, record it. */
async function giveMonthly(who: TestAccount, amount = 3000, number = '4242 4242 4242 4242') {
  const res = await call(t, 'POST', '/api/subscriptions', { amount, eventId, attemptId: randomUUID() }, who.auth);
  expect(res.status).toBe(200);
  const started = await res.json();
  const paid = await call(t, 'POST', '/api/test-payments/confirm', { clientSecret: started.clientSecret, card: card(number) }, who.auth);
  expect((await paid.json()).status).toBe('succeeded');
  const recorded = await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, who.auth);
  expect(recorded.status).toBe(200);
  return { id: started.subscriptionId as string, firstDonation: (await recorded.json()).insertedId as string };
}

const gift = async (id: string) => (await t.app.db.select().from(subscription).where(eq(subscription.id, id)))[0]!;
const donationsOf = (id: string) => t.app.db.select().from(donation).where(eq(donation.subscriptionId, id));
const renewal = (id: string, who = admin) => call(t, 'POST', `/api/subscriptions/${id}/test-renewal`, undefined, who.auth);
const change = (id: string, body: unknown, who: TestAccount) => call(t, 'PUT', `/api/subscriptions/${id}`, body, who.auth);
const linkOf = (text: string) => text.match(/\/monthly-gift\?token=([\w.-]+)/)?.[1];

describe('starting a monthly gift', () => {
  it('takes the first month as a donation with its receipt, which carries the link to manage the gift', async () => {
    const donor = await signUp(t);
    const { id, firstDonation } = await giveMonthly(donor);
    const [gave] = await donationsOf(id);
    expect(gave).toMatchObject({ id: firstDonation, amountCents: 3000, eventTitle: 'River Path Planting', accountId: donor.id });

    const listed = await (await call(t, 'GET', '/api/subscriptions', undefined, donor.auth)).json();
    expect(listed).toMatchObject([{ _id: id, amount: 3000, currency: 'usd', status: 'active', eventId, payments: 1, last4: '4242' }]);
    const row = await gift(id);
    expect(listed[0].nextPaymentAt).toBe(monthsAfter(row.anchorAt!, 1).toISOString());

    const [receipt] = await smtp.mailTo(donor.email);
    expect(receipt?.subject).toBe('Your receipt: $30.00 to Helping Hands');
    expect(receipt?.text).toContain('Manage your monthly gift');
    const token = linkOf(receipt?.text ?? '');
    expect(token).toBeTruthy();
    // The link works without signing in, for that gift.
    const opened = await t.api(`/api/subscriptions/link/${token}`);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ _id: id, status: 'active' });
  });

  it('refuses an amount outside the bounds, naming it, and charges nothing', async () => {
    const donor = await signUp(t);
    for (const amount of [100, 60_000, 12.5]) {
      const res = await call(t, 'POST', '/api/subscriptions', { amount, eventId }, donor.auth);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toHaveProperty('amount');
    }
    expect(await t.app.db.select().from(subscription).where(eq(subscription.accountId, donor.id))).toEqual([]);
  });

  it('lists nothing for a gift whose first payment never went through, and the same attempt starts one gift', async () => {
    const donor = await signUp(t);
    const attemptId = randomUUID();
    const first = await (await call(t, 'POST', '/api/subscriptions', { amount: 3000, eventId, attemptId }, donor.auth)).json();
    const again = await (await call(t, 'POST', '/api/subscriptions', { amount: 3000, eventId, attemptId }, donor.auth)).json();
    expect(again).toMatchObject({ subscriptionId: first.subscriptionId, paymentId: first.paymentId });
    const declined = await call(
      t,
      'POST',
      '/api/test-payments/confirm',
      { clientSecret: first.clientSecret, card: card('4000000000000002') },
      donor.auth,
    );
    expect((await declined.json()).error.code).toBe('card_declined');
    expect(await (await call(t, 'GET', '/api/subscriptions', undefined, donor.auth)).json()).toEqual([]);
  });
});

describe('renewals in test mode', () => {
  it('renews five times: five more donations, each with one receipt, the gift moving on each time', async () => {
    const donor = await signUp(t);
    const { id } = await giveMonthly(donor);
    for (let i = 0; i < 5; i++) {
      const res = await renewal(id);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ outcome: 'paid', subscription: { payments: i + 2, status: 'active' } });
    }
    const gave = await donationsOf(id);
    expect(gave).toHaveLength(6);
    expect(new Set(gave.map((d) => d.transaction)).size).toBe(6);
    const receipts = await smtp.mailTo(donor.email, { count: 6, subject: /receipt/ });
    expect(receipts).toHaveLength(6);
    // Renewals count in the event's progress like any donation, and are refunded like any donation.
    const raisedNow = async () => (await (await t.api(`/api/events/${eventId}`)).json()).raised as number;
    const before = await raisedNow();
    expect(before).toBeGreaterThanOrEqual(6 * 3000);
    const refunded = await call(t, 'POST', `/api/payment/${gave[3]!.id}/refund`, undefined, admin.auth);
    expect(refunded.status).toBe(200);
    expect(await raisedNow()).toBe(before - 3000);
  });

  it('takes each month once when instances run the renewal job side by side', async () => {
    const donor = await signUp(t);
    const { id } = await giveMonthly(donor);
    const past = new Date(Date.now() - 60_000);
    await t.app.db.update(subscription).set({ nextPaymentAt: past }).where(eq(subscription.id, id));
    const site = await t.app.mailSite();
    const test = t.app.payments as Parameters<typeof renewDue>[1];
    await Promise.all([renewDue(t.app.db, test, site), renewDue(t.app.db, test, site), t.app.renewals!.runOnce()]);
    expect(await donationsOf(id)).toHaveLength(2);
    const row = await gift(id);
    expect(row.period).toBe(3);
    expect(row.nextPaymentAt!.getTime()).toBeGreaterThan(Date.now());
    // Run again: nothing is due.
    await t.app.renewals!.runOnce();
    expect(await donationsOf(id)).toHaveLength(2);
  });

  it('renews gifts due together in batches: the paid ones recorded once with receipts, a refused one counted', async () => {
    const donors = [await signUp(t), await signUp(t), await signUp(t)];
    const ids = [];
    for (const donor of donors) ids.push((await giveMonthly(donor)).id);
    await call(t, 'POST', `/api/subscriptions/${ids[1]}/card`, { card: card('4000000000000341') }, donors[1]!.auth);
    const past = new Date(Date.now() - 60_000);
    for (const id of ids) await t.app.db.update(subscription).set({ nextPaymentAt: past }).where(eq(subscription.id, id));
    const site = await t.app.mailSite();
    const test = t.app.payments as Parameters<typeof renewDue>[1];
    // Batches of two: the three due (and any other file's gift due) taken across batches.
    expect(await renewDue(t.app.db, test, site, new Date(), undefined, 2)).toBeGreaterThanOrEqual(3);
    expect(await donationsOf(ids[0]!)).toHaveLength(2);
    expect(await donationsOf(ids[1]!)).toHaveLength(1);
    expect(await donationsOf(ids[2]!)).toHaveLength(2);
    expect(await gift(ids[0]!)).toMatchObject({ period: 3, failedTries: 0, status: 'active' });
    expect(await gift(ids[1]!)).toMatchObject({ period: 2, failedTries: 1, status: 'active' });
    expect(await smtp.mailTo(donors[2]!.email, { count: 2, subject: /receipt/ })).toHaveLength(2);
    const [failed] = await smtp.mailTo(donors[1]!.email, { subject: /did not go through/ });
    expect(failed?.text).toContain('Update your card');
    // Nothing more is due.
    expect(await renewDue(t.app.db, test, site)).toBe(0);
  });

  it('tells the donor when a payment is refused, retries, and takes it once the card is updated', async () => {
    const donor = await signUp(t);
    const { id } = await giveMonthly(donor);
    const saved = await call(t, 'POST', `/api/subscriptions/${id}/card`, { card: card('4000000000000341') }, donor.auth);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ last4: '0341', paymentFailing: false });

    const refused = await (await renewal(id)).json();
    expect(refused).toMatchObject({ outcome: 'failed', donationId: null, subscription: { status: 'active', paymentFailing: true } });
    const retryAt = new Date(refused.subscription.nextPaymentAt).getTime();
    expect(retryAt - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    const [failed] = await smtp.mailTo(donor.email, { subject: /did not go through/ });
    expect(failed?.text).toContain('Update your card');
    expect(linkOf(failed?.text ?? '')).toBeTruthy();

    // A card that is refused when saved is not kept.
    const bad = await call(t, 'POST', `/api/subscriptions/${id}/card`, { card: card('4000000000000002') }, donor.auth);
    expect(bad.status).toBe(400);
    expect((await gift(id)).last4).toBe('0341');

    const fixed = await call(t, 'POST', `/api/subscriptions/${id}/card`, { card: card('4242424242424242') }, donor.auth);
    expect(await fixed.json()).toMatchObject({ status: 'active', paymentFailing: false, payments: 2, last4: '4242' });
    expect(await donationsOf(id)).toHaveLength(2);
  });

  it('ends the gift after the fourth refusal and tells the donor', async () => {
    const donor = await signUp(t);
    const { id } = await giveMonthly(donor);
    await call(t, 'POST', `/api/subscriptions/${id}/card`, { card: card('4000000000000341') }, donor.auth);
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push((await (await renewal(id)).json()).outcome);
    expect(outcomes).toEqual(['failed', 'failed', 'failed', 'ended']);
    expect(await (await call(t, 'GET', `/api/subscriptions/${id}`, undefined, donor.auth)).json()).toMatchObject({
      status: 'ended',
      nextPaymentAt: null,
    });
    const [ended] = await smtp.mailTo(donor.email, { subject: /has ended/ });
    expect(ended?.text).toContain('no more payments will be taken');
    expect((await renewal(id)).status).toBe(409);
  });
});

describe('the donor manages their gift', () => {
  it('pauses for 1 to 3 months and resumes, on the day of the month it began, each change confirmed by email', async () => {
    const donor = await signUp(t);
    const { id } = await giveMonthly(donor);
    const anchor = (await gift(id)).anchorAt!;
    const tooLong = await change(id, { action: 'pause', months: 4 }, donor);
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).error.fields).toHaveProperty('months');

    const paused = await (await change(id, { action: 'pause', months: 2 }, donor)).json();
    expect(paused).toMatchObject({ status: 'paused', pausedUntil: monthsAfter(anchor, 3).toISOString() });
    expect((await change(id, { action: 'pause', months: 1 }, donor)).status).toBe(409);
    const [pauseMail] = await smtp.mailTo(donor.email, { subject: /has changed/ });
    expect(pauseMail?.text).toContain('is paused');

    // A paused gift's day comes: it is taken and the gift is active again.
    const resumed = await (await change(id, { action: 'resume' }, donor)).json();
    expect(resumed).toMatchObject({ status: 'active', pausedUntil: null, nextPaymentAt: monthsAfter(anchor, 1).toISOString() });
    expect((await change(id, { action: 'resume' }, donor)).status).toBe(409);
    expect(await smtp.mailTo(donor.email, { count: 2, subject: /has changed/ })).toHaveLength(2);

    await change(id, { action: 'pause', months: 1 }, donor);
    expect(await (await renewal(id)).json()).toMatchObject({ outcome: 'paid', subscription: { status: 'active' } });
  });

  it('counts a refused month among those a pause skips, and tries the month afresh after it', async () => {
    const donor = await signUp(t);
    const { id } = await giveMonthly(donor);
    const anchor = (await gift(id)).anchorAt!;
    await call(t, 'POST', `/api/subscriptions/${id}/card`, { card: card('4000000000000341') }, donor.auth);
    expect((await (await renewal(id)).json()).outcome).toBe('failed');
    await smtp.mailTo(donor.email, { subject: /did not go through/ });
    // One month: the refused one; payments start again on the next day of the month after it.
    const paused = await (await change(id, { action: 'pause', months: 1 }, donor)).json();
    expect(paused).toMatchObject({ status: 'paused', paymentFailing: false, pausedUntil: monthsAfter(anchor, 1).toISOString() });
    // Its day comes with the card still refused: a fresh try, and the donor told again.
    expect(await (await renewal(id)).json()).toMatchObject({ outcome: 'failed', subscription: { paymentFailing: true } });
    expect(await smtp.mailTo(donor.email, { count: 2, subject: /did not go through/ })).toHaveLength(2);
    const fixed = await call(t, 'POST', `/api/subscriptions/${id}/card`, { card: card('4242424242424242') }, donor.auth);
    expect(await fixed.json()).toMatchObject({ status: 'active', paymentFailing: false, payments: 2 });
  });

  it('changes the amount within the bounds, and the next payment takes the new amount', async () => {
    const donor = await signUp(t);
    const { id } = await giveMonthly(donor);
    const refused = await change(id, { amount: 99 }, donor);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toHaveProperty('amount');
    expect(await (await change(id, { amount: 4500 }, donor)).json()).toMatchObject({ amount: 4500 });
    const [mail] = await smtp.mailTo(donor.email, { subject: /has changed/ });
    expect(mail?.text).toContain('$45.00');
    expect(mail?.text).toContain('$30.00');
    const { donationId } = await (await renewal(id)).json();
    expect((await t.app.db.select().from(donation).where(eq(donation.id, donationId)))[0]?.amountCents).toBe(4500);
  });

  it('cancels once: no more payments, no more changes, and cancelling again changes nothing', async () => {
    const donor = await signUp(t);
    const { id } = await giveMonthly(donor);
    expect(await (await change(id, { action: 'cancel' }, donor)).json()).toMatchObject({ status: 'cancelled', nextPaymentAt: null });
    expect(await (await change(id, { action: 'cancel' }, donor)).json()).toMatchObject({ status: 'cancelled' });
    expect((await change(id, { amount: 1000 }, donor)).status).toBe(409);
    expect((await renewal(id)).status).toBe(409);
    await smtp.mailTo(donor.email, { subject: /has changed/ });
    const confirmations = await t.app.db
      .select()
      .from(outboxMessage)
      .where(and(eq(outboxMessage.to, donor.email), eq(outboxMessage.kind, 'monthly-gift-changed')));
    expect(confirmations).toHaveLength(1);
  });

  it('works through the manage link without signing in; an altered, another gift’s or expired link changes nothing', async () => {
    const donor = await signUp(t);
    const { id } = await giveMonthly(donor);
    const token = manageToken(id, t.app.authSecret);
    const paused = await t.api(`/api/subscriptions/link/${token}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: t.baseUrl },
      body: JSON.stringify({ action: 'pause', months: 1 }),
    });
    expect(paused.status).toBe(200);
    expect((await gift(id)).status).toBe('paused');

    const [encoded, expires, signature] = token.split('.');
    const other = await giveMonthly(await signUp(t));
    const forged = `${Buffer.from(other.id.replaceAll('-', ''), 'hex').toString('base64url')}.${expires}.${signature}`;
    const altered = `${encoded}.${Number(expires) + 86_400}.${signature}`;
    for (const bad of [forged, altered, 'nonsense']) {
      const res = await t.api(`/api/subscriptions/link/${bad}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: t.baseUrl },
        body: JSON.stringify({ action: 'cancel' }),
      });
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toMatch(/link is not valid/);
    }
    const old = manageToken(id, t.app.authSecret, new Date(Date.now() - 31 * 86_400_000));
    const expired = await t.api(`/api/subscriptions/link/${old}`);
    expect(expired.status).toBe(403);
    expect((await expired.json()).error.message).toMatch(/expired/);
    expect((await gift(id)).status).toBe('paused');
    expect((await gift(other.id)).status).toBe('active');
  });
});

describe('who may see and change a gift', () => {
  it('refuses another donor (404) and lists only the caller’s own', async () => {
    const donor = await signUp(t);
    const stranger = await signUp(t);
    const { id } = await giveMonthly(donor);
    expect((await call(t, 'GET', `/api/subscriptions/${id}`, undefined, stranger.auth)).status).toBe(404);
    expect((await change(id, { action: 'cancel' }, stranger)).status).toBe(404);
    expect((await call(t, 'POST', `/api/subscriptions/${id}/card`, { card: card('4242424242424242') }, stranger.auth)).status).toBe(404);
    expect(await (await call(t, 'GET', '/api/subscriptions', undefined, stranger.auth)).json()).toEqual([]);
    expect((await call(t, 'GET', '/api/subscriptions?all=true', undefined, stranger.auth)).status).toBe(403);
    expect((await renewal(id, donor)).status).toBe(403);
    expect((await gift(id)).status).toBe('active');
  });

  it('lets an admin list, count and cancel any gift (recorded, the donor told) but never change its amount or card', async () => {
    const donor = await signUp(t);
    const { id } = await giveMonthly(donor, 1000);
    const listed = await call(t, 'GET', `/api/subscriptions?all=true&q=${encodeURIComponent(donor.email)}`, undefined, admin.auth);
    expect(listed.headers.get('x-total-count')).toBe('1');
    expect(await listed.json()).toMatchObject([{ _id: id, email: donor.email, amount: 1000 }]);
    const totals = await (await call(t, 'GET', '/api/subscriptions/totals', undefined, admin.auth)).json();
    expect(totals.counts.active).toBeGreaterThan(0);
    expect(totals.monthly[0]).toMatchObject({ currency: 'usd' });

    expect((await change(id, { amount: 5000 }, admin)).status).toBe(403);
    expect((await change(id, { action: 'pause', months: 1 }, admin)).status).toBe(403);
    expect((await call(t, 'POST', `/api/subscriptions/${id}/card`, { card: card('4242424242424242') }, admin.auth)).status).toBe(403);
    expect(await (await change(id, { action: 'cancel' }, admin)).json()).toMatchObject({ status: 'cancelled' });
    const [told] = await smtp.mailTo(donor.email, { subject: /has changed/ });
    expect(told?.text).toContain('has cancelled your monthly gift');
    const [entry] = await t.app.db
      .select()
      .from(auditEntry)
      .where(and(eq(auditEntry.action, 'subscription.cancel'), eq(auditEntry.targetId, id)));
    expect(entry).toMatchObject({ actorId: admin.id, targetKind: 'subscription' });

    const csv = await (await call(t, 'GET', '/api/subscriptions/export.csv', undefined, admin.auth)).text();
    expect(csv).toContain(donor.email);
    expect(csv.split('\r\n')[0]).toContain('Next payment');
  });

  it('stops the gifts of an account that is deleted, and never lists one whose first month was not paid', async () => {
    const donor = await signUp(t);
    const { id } = await giveMonthly(donor);
    const unpaid = await (await call(t, 'POST', '/api/subscriptions', { amount: 1000, eventId }, donor.auth)).json();
    const res = await call(t, 'DELETE', '/api/users/me', { confirm: donor.email }, donor.auth);
    expect(res.status).toBeLessThan(300);
    const row = await gift(id);
    expect(row).toMatchObject({ status: 'cancelled', accountId: null, nextPaymentAt: null });
    expect(row.email).toMatch(/@deleted\.invalid$/);
    expect((await gift(unpaid.subscriptionId)).status).toBe('incomplete');
    const listed = await (
      await call(t, 'GET', `/api/subscriptions?all=true&limit=100&q=${encodeURIComponent('deleted.invalid')}`, undefined, admin.auth)
    ).json();
    expect(listed.map((g: { _id: string }) => g._id)).toContain(id);
    expect(listed.map((g: { _id: string }) => g._id)).not.toContain(unpaid.subscriptionId);
  });
});
