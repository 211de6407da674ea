import { and, eq, inArray, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ownDataSchema } from '../../../shared/own-data.ts';
import {
  account,
  credential,
  donation,
  image,
  notice,
  outboxMessage,
  registration,
  review,
  session,
  testPayment,
  verification,
} from '../../db/schema.ts';
import { totalOf } from '../../db/totals.ts';
import { call, signIn, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertDonation, insertEvent, insertReview } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
sharedApp({ admin: { role: 'admin' } }, (started) => ({ t, admin } = started));

const picture = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#2b6cb0' } })
    .png()
    .toBuffer();

async function uploadPhoto(who: TestAccount): Promise<string> {
  const res = await t.api('/api/users/photo', {
    method: 'PUT',
    headers: { 'content-type': 'image/png', ...who.auth },
    body: new Uint8Array(await picture()),
  });
  expect(res.status).toBe(200);
  return (await res.json()).photoURL;
}

async function register(who: TestAccount, eventId: string) {
  const res = await call(t, 'POST', '/api/register', { eventId }, who.auth);
  expect(res.status).toBe(201);
  return (await res.json()) as { insertedId: string; status: string };
}

/** A message to `to` that is not yet due, so it is still waiting when the test looks. */
async function queueLaterMail(to: string, subject: string) {
  await t.app.db.insert(outboxMessage).values({
    key: `test:${crypto.randomUUID()}`,
    kind: 'test-later',
    to,
    subject,
    html: '<p>A link with a secret-link-token-123</p>',
    text: 'A link with a secret-link-token-123',
    nextAttemptAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
}

const deleteMe = (who: TestAccount, body: unknown = { confirm: who.email }) => call(t, 'DELETE', '/api/users/me', body, who.auth);

describe('access', () => {
  it('answers 401 to a signed-out caller asking for data or a deletion', async () => {
    const exported = await call(t, 'GET', '/api/users/me/export');
    expect(exported.status).toBe(401);
    const deleted = await call(t, 'DELETE', '/api/users/me', { confirm: admin.email });
    expect(deleted.status).toBe(401);
    expect((await deleted.json()).error.code).toBe('unauthenticated');
  });
});

describe('GET /api/users/me/export', () => {
  it('gives every kind of data held about the account as a JSON download, with no secret in it', async () => {
    const person = await signUp(t, { name: 'Nadia Export' });
    const photoURL = await uploadPhoto(person);
    await t.app.db.update(account).set({ address: '1 Quay Street', occupation: 'Pilot' }).where(eq(account.id, person.id));
    const ev = await insertEvent(t.app.db, { title: 'Beach Clean' });
    const { insertedId } = await register(person, ev.id);
    const given = await insertDonation(t.app.db, person, ev, { amountCents: 2500 });
    const written = await insertReview(t.app.db, { accountId: person.id, email: person.email, name: person.name, message: 'Lovely day' });
    const [wrote] = await t.app.db
      .insert(notice)
      .values({ accountId: person.id, email: person.email, name: person.name, notice: 'Bring gloves' })
      .returning();
    await queueLaterMail(person.email, 'A message kept for later');
    await call(t, 'PUT', '/api/users/me/email-preferences', { reminders: false, events: true, notices: true }, person.auth);
    // Secrets the export must not carry.
    const calendarToken = `cal-${crypto.randomUUID()}`;
    await t.app.db.update(account).set({ calendarToken }).where(eq(account.id, person.id));
    const resetToken = `reset-password:${crypto.randomUUID()}`;
    await t.app.db.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: resetToken,
      value: person.id,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const [password] = await t.app.db.select({ hash: credential.password }).from(credential).where(eq(credential.userId, person.id));
    const sessions = await t.app.db.select({ token: session.token }).from(session).where(eq(session.userId, person.id));

    const res = await call(t, 'GET', '/api/users/me/export', undefined, { cookie: person.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="helping-hands-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.text();
    const data = ownDataSchema.parse(JSON.parse(text));

    expect(data.account).toMatchObject({
      _id: person.id,
      name: 'Nadia Export',
      email: person.email,
      emailVerified: false,
      role: 'donator',
      photoURL,
      address: '1 Quay Street',
      occupation: 'Pilot',
      hasCalendarFeed: true,
    });
    expect(data.signInMethods).toEqual([{ provider: 'credential', createdAt: expect.any(String) }]);
    expect(data.sessions.length).toBe(sessions.length);
    expect(data.registrations).toEqual([
      expect.objectContaining({ _id: insertedId, eventId: ev.id, event: 'Beach Clean', status: 'registered', checkedInAt: null }),
    ]);
    expect(data.donations).toEqual([
      expect.objectContaining({ _id: given.id, amount: 2500, currency: 'usd', last4: '4242', event: 'Beach Clean', refundedAt: null }),
    ]);
    expect(data.reviews).toEqual([expect.objectContaining({ _id: written.id, message: 'Lovely day', status: 'pending' })]);
    expect(data.notices).toEqual([expect.objectContaining({ _id: wrote?.id, notice: 'Bring gloves' })]);
    expect(data.emailPreferences).toEqual({ reminders: false, events: true, notices: true });
    expect(data.mail.map((m) => m.subject)).toContain('A message kept for later');
    expect(data.mail.map((m) => m.kind)).toContain('registration-confirmed');

    expect(password?.hash).toBeTruthy();
    expect(sessions.length).toBeGreaterThan(0);
    const secrets = [
      password?.hash ?? 'no hash',
      ...sessions.map((s) => s.token),
      person.token,
      person.cookie.split('=')[1] ?? 'no cookie',
      calendarToken,
      resetToken,
      'secret-link-token-123',
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password|token/i);
  });

  it('gives only the caller’s own data, whoever else holds records', async () => {
    const person = await signUp(t);
    const res = await call(t, 'GET', '/api/users/me/export', undefined, person.auth);
    const data = ownDataSchema.parse(await res.json());
    expect(data.account.email).toBe(person.email);
    expect(data.registrations).toEqual([]);
    expect(data.donations).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(admin.email);
  });
});

describe('DELETE /api/users/me', () => {
  it('refuses a missing or wrong confirmation with 400 and changes nothing', async () => {
    const person = await signUp(t);
    for (const body of [{}, { confirm: '' }, { confirm: admin.email }, { confirm: `x${person.email}` }]) {
      const res = await deleteMe(person, body);
      expect(res.status).toBe(400);
      expect(Object.keys((await res.json()).error.fields)).toEqual(['confirm']);
    }
    expect(await t.app.db.select({ id: account.id }).from(account).where(eq(account.id, person.id))).toHaveLength(1);
    expect((await call(t, 'GET', '/api/users/me/export', undefined, person.auth)).status).toBe(200);
  });

  it('deletes the account with everything personal, moves the waitlist up, and keeps donations without the name', async () => {
    const db = t.app.db;
    const person = await signUp(t, { name: 'Dora Leaving' });
    const waiter = await signUp(t, { name: 'Wes Waiting' });
    const photoURL = await uploadPhoto(person);
    const full = await insertEvent(db, { title: 'Orchard Planting', capacity: 1 });
    const other = await insertEvent(db, { title: 'Soup Kitchen' });
    await register(person, full.id);
    expect((await register(waiter, full.id)).status).toBe('waitlisted');
    await register(person, other.id);
    const gifts = [
      await insertDonation(t.app.db, person, full),
      await insertDonation(t.app.db, person, full, { amountCents: 1000 }),
      await insertDonation(t.app.db, person, other, { amountCents: 1500 }),
    ];
    const progress = async () => {
      const found = await (await call(t, 'GET', `/api/events/${full.id}`)).json();
      return { raised: found.raised, donors: found.donors };
    };
    expect(await progress()).toEqual({ raised: 4000, donors: 1 });
    await insertReview(db, { accountId: person.id, email: person.email, name: person.name, message: 'Going away' });
    await queueLaterMail(person.email, 'Not yet sent');
    await db.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: `reset-password:${crypto.randomUUID()}`,
      value: person.id,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const totalsBefore = await totalOf(db, 'donation:usd');
    const listedBefore = (await call(t, 'GET', '/api/payment', undefined, admin.auth)).headers.get('x-total-count');

    const res = await deleteMe(person, { confirm: person.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedCount: 1 });
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    expect(cleared).toMatch(/^better-auth\.session_token=;.*Max-Age=0/);

    expect(await db.select().from(account).where(eq(account.id, person.id))).toEqual([]);
    expect(await db.select().from(credential).where(eq(credential.userId, person.id))).toEqual([]);
    expect(await db.select().from(session).where(eq(session.userId, person.id))).toEqual([]);
    expect(await db.select().from(verification).where(eq(verification.value, person.id))).toEqual([]);
    expect(await db.select().from(review).where(eq(review.email, person.email))).toEqual([]);
    expect(await db.select().from(registration).where(eq(registration.email, person.email))).toEqual([]);
    expect(
      await db
        .select()
        .from(image)
        .where(eq(image.id, photoURL.split('/').pop() ?? '')),
    ).toEqual([]);
    // Nothing waits to be sent to the address any more.
    const waiting = await db
      .select()
      .from(outboxMessage)
      .where(and(eq(outboxMessage.to, person.email), inArray(outboxMessage.status, ['queued', 'failed'])));
    expect(waiting).toEqual([]);

    // The freed place went to the person waiting, who is told.
    const [moved] = await db.select().from(registration).where(eq(registration.accountId, waiter.id));
    expect(moved).toMatchObject({ status: 'registered', position: null });
    const told = await db
      .select({ kind: outboxMessage.kind })
      .from(outboxMessage)
      .where(and(eq(outboxMessage.to, waiter.email), eq(outboxMessage.kind, 'waitlist-place')));
    expect(told).toHaveLength(1);

    // The donations stay, with no account and no address of the person's.
    const kept = await db
      .select()
      .from(donation)
      .where(
        inArray(
          donation.id,
          gifts.map((g) => g.id),
        ),
      );
    expect(kept).toHaveLength(3);
    // One placeholder for the deleted account, made of nothing of theirs: an event still counts one donor.
    const placeholders = new Set(kept.map((row) => row.email));
    expect(placeholders.size).toBe(1);
    for (const row of kept) {
      expect(row.accountId).toBeNull();
      expect(row.email).toMatch(/^deleted-[0-9a-f]{12}@deleted\.invalid$/);
    }
    expect(await progress()).toEqual({ raised: 4000, donors: 1 });
    expect(await totalOf(db, 'donation:usd')).toEqual(totalsBefore);
    expect((await call(t, 'GET', '/api/payment', undefined, admin.auth)).headers.get('x-total-count')).toBe(listedBefore);
    const receipt = await call(t, 'GET', `/api/payment/${gifts[0]?.id}/receipt`, undefined, admin.auth);
    expect(receipt.status).toBe(200);
    expect((await receipt.json()).amount).toBe(3000);
    expect((await call(t, 'GET', `/api/payment/${gifts[0]?.id}/receipt.pdf`, undefined, admin.auth)).status).toBe(200);
    const csv = await (await call(t, 'GET', '/api/payment/export.csv', undefined, admin.auth)).text();
    const row = csv.split('\n').find((line) => line.includes(gifts[0]?.transaction ?? 'none'));
    expect(row).toContain('Deleted account');
    expect(csv).not.toContain(person.email);
    const overview = await (await call(t, 'GET', '/api/overview', undefined, admin.auth)).json();
    const latest = overview.activity.filter((item: { kind: string; _id: string }) => item.kind === 'donation' && item._id === gifts[2]?.id);
    expect(latest).toEqual([expect.objectContaining({ name: 'Deleted account' })]);

    // The dead session is refused, and the account cannot sign in again.
    const again = await deleteMe(person);
    expect(again.status).toBe(401);
    expect((await call(t, 'GET', '/api/users/me/export', undefined, { cookie: person.cookie })).status).toBe(401);
    expect((await signIn(t, person.email, person.password)).status).toBe(401);
  });

  it('lets an admin refund a donation of a deleted account, emailing nobody, and keeps no donor in the test payment', async () => {
    const db = t.app.db;
    const person = await signUp(t);
    const ev = await insertEvent(db, { title: 'Library Reading Day' });
    const started = await (await call(t, 'POST', '/api/create-payment-intent', { eventId: ev.id }, person.auth)).json();
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', postalCode: '10001' };
    expect((await call(t, 'POST', '/api/test-payments/confirm', { clientSecret: started.clientSecret, card }, person.auth)).status).toBe(
      200,
    );
    const recorded = await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, person.auth);
    expect(recorded.status).toBe(200);
    const donationId: string = (await recorded.json()).insertedId;

    expect((await deleteMe(person)).status).toBe(200);
    const [payment] = await db.select({ metadata: testPayment.metadata }).from(testPayment).where(eq(testPayment.id, started.paymentId));
    expect(payment?.metadata).not.toContain(person.email);
    expect(payment?.metadata).not.toContain(person.id);

    const refunded = await call(t, 'POST', `/api/payment/${donationId}/refund`, {}, admin.auth);
    expect(refunded.status).toBe(200);
    expect((await refunded.json()).email).toMatch(/^deleted-[0-9a-f]{12}@deleted\.invalid$/);
    const told = await db
      .select()
      .from(outboxMessage)
      .where(eq(outboxMessage.key, `donation-refunded:${donationId}`));
    expect(told).toEqual([]);
  });

  it('refuses the last admin with 409 and says why, and lets an admin go once another is left', async () => {
    await t.app.db
      .update(account)
      .set({ role: 'donator' })
      .where(and(ne(account.id, admin.id), eq(account.role, 'admin')));
    const res = await deleteMe(admin);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toMatch(/only admin/);
    expect(await t.app.db.select({ id: account.id }).from(account).where(eq(account.id, admin.id))).toHaveLength(1);

    const second = await signUp(t, { role: 'admin' });
    expect((await deleteMe(second)).status).toBe(200);
    const [still] = await t.app.db.select({ role: account.role }).from(account).where(eq(account.id, admin.id));
    expect(still?.role).toBe('admin');
  });
});
