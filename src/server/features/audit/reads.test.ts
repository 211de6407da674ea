import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEntry } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * Reads of personal data by an admin are in the audit log: every list (with its search, filters and
 * page), and each person's records other than the admin's own, PDFs included. A person reading their
 * own records, an admin included, is not recorded.
 */

let t: TestApp;
let admin: TestAccount;
let person: TestAccount;
let eventId: string;
/** The person's registration, donation and the like; the admin has their own too. */
let theirs: { registrationId: string; donationId: string };
let adminsOwn: { registrationId: string; donationId: string };

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', postalCode: '10001' };

/** Registers for the event and gives to it, through the API (the offline test-mode gateway). */
async function takePart(who: TestAccount) {
  const registered = await call(t, 'POST', '/api/register', { eventId }, who.auth);
  expect(registered.status).toBe(201);
  const started = await (await call(t, 'POST', '/api/create-payment-intent', { eventId }, who.auth)).json();
  expect((await call(t, 'POST', '/api/test-payments/confirm', { clientSecret: started.clientSecret, card }, who.auth)).status).toBe(200);
  const paid = await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, who.auth);
  expect(paid.status).toBe(200);
  return { registrationId: (await registered.json()).insertedId as string, donationId: (await paid.json()).insertedId as string };
}

sharedApp({ admin: { role: 'admin' }, person: { name: 'Rowan Reed' } }, async (started) => {
  ({ t, admin, person } = started);
  eventId = (await insertEvent(t.app.db, { title: 'Canal Clean-up' })).id;
  theirs = await takePart(person);
  adminsOwn = await takePart(admin);
  for (const who of [person, admin]) {
    const res = await call(t, 'POST', '/api/review', { message: 'Kind people', review: 'We filled 40 bags.' }, who.auth);
    expect(res.status).toBe(200);
  }
});

const browser = 'Mozilla/5.0 (audit reads test)';

/** A read answered 200, its body read whole. */
async function get(path: string, who: TestAccount = admin) {
  const res = await call(t, 'GET', path, undefined, { ...who.auth, 'user-agent': browser });
  expect(res.status, path).toBe(200);
  return { headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The entries the calls in `act` added to the log, in the order they were written. */
async function recorded(act: () => Promise<unknown>) {
  const before = new Set((await t.app.db.select({ id: auditEntry.id }).from(auditEntry)).map((row) => row.id));
  await act();
  const rows = await t.app.db.select().from(auditEntry).orderBy(asc(auditEntry.at), asc(auditEntry.id));
  const added = rows.filter((row) => !before.has(row.id));
  for (const row of added) {
    expect(row).toMatchObject({ actorId: admin.id, actorEmail: admin.email, actorRole: 'admin', address: '127.0.0.1', userAgent: browser });
  }
  return added;
}

const theirAccount = () => ({ targetKind: 'account', targetId: person.id, targetLabel: person.email });

describe('an admin’s lists of personal data are recorded, with what was asked for', () => {
  it('registrations, donations, accounts, reviews, the outbox and the audit log: search, filters, sort and page', async () => {
    const entries = await recorded(async () => {
      await get('/api/register?q=canal&sort=-registeredAt&limit=10&offset=1');
      await get('/api/payment?q=canal&sort=amount&limit=5');
      await get('/api/users?q=rowan&sort=email&limit=20&offset=2');
      await get('/api/reviews?status=approved&q=bags&limit=30');
      await get('/api/reviews');
      await get('/api/outbox?status=logged&q=welcome&limit=15&offset=3');
      await get(`/api/audit?action=account.role&actor=${encodeURIComponent(admin.email)}&limit=40`);
    });
    expect(entries.map((e) => [e.action, e.targetKind, e.details])).toEqual([
      ['registrations.read', null, { q: 'canal', sort: '-registeredAt', limit: 10, offset: 1 }],
      ['donations.read', null, { q: 'canal', sort: 'amount', limit: 5, offset: 0 }],
      ['accounts.read', null, { q: 'rowan', sort: 'email', limit: 20, offset: 2 }],
      ['reviews.read', null, { status: 'approved', q: 'bags', limit: 30, offset: 0 }],
      ['reviews.read', null, { status: 'pending', limit: 25, offset: 0 }],
      ['outbox.read', null, { status: 'logged', q: 'welcome', limit: 15, offset: 3 }],
      ['audit.read', null, { action: 'account.role', actor: admin.email, limit: 40, offset: 0 }],
    ]);
  });

  it('a page read by its cursor records the cursor', async () => {
    const first = await get('/api/users?sort=email&limit=1');
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const entries = await recorded(() => get(`/api/users?sort=email&limit=1&cursor=${encodeURIComponent(cursor ?? '')}`));
    expect(entries.map((e) => [e.action, e.details])).toEqual([['accounts.read', { sort: 'email', limit: 1, offset: 0, cursor }]]);
  });

  it('the overview, whose latest activity names people, is recorded', async () => {
    const entries = await recorded(() => get('/api/overview'));
    expect(entries.map((e) => [e.action, e.targetKind, e.details])).toEqual([['overview.read', null, {}]]);
  });

  it('the audit log read through the API records its own reading, once the page is answered', async () => {
    const page = JSON.parse((await get('/api/audit?q=overview&limit=5')).body.toString()) as { action: string }[];
    expect(page.map((e) => e.action)).toEqual(['overview.read']);
    const [read] = JSON.parse((await get('/api/audit?action=audit.read&limit=1')).body.toString()) as { details: unknown }[];
    expect(read?.details).toEqual({ q: 'overview', limit: 5, offset: 0 });
  });
});

describe('an admin reading one person’s records is recorded, with the person', () => {
  it('their account, registrations, donations, reviews and hours, by email or by id', async () => {
    const entries = await recorded(async () => {
      await get(`/api/users/${encodeURIComponent(person.email)}`);
      await get(`/api/users/account/${person.id}`);
      await get(`/api/register/event/${encodeURIComponent(person.email)}`);
      await get(`/api/payment/${encodeURIComponent(person.email)}`);
      await get(`/api/review/${encodeURIComponent(person.email)}`);
      await get(`/api/impact/${encodeURIComponent(person.email)}`);
    });
    expect(entries.map((e) => e.action)).toEqual([
      'account.read',
      'account.read',
      'registrations.read',
      'donations.read',
      'reviews.read',
      'impact.read',
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ ...theirAccount(), details: {} });
  });

  it('one of their registrations, its pass, and the receipt of a donation', async () => {
    const entries = await recorded(async () => {
      await get(`/api/register/${theirs.registrationId}`);
      await get(`/api/register/${theirs.registrationId}/pass`);
      await get(`/api/payment/${theirs.donationId}/receipt`);
    });
    const registration = { targetKind: 'registration', targetId: theirs.registrationId, targetLabel: `${person.email} at Canal Clean-up` };
    expect(entries).toMatchObject([
      { action: 'registration.read', ...registration },
      { action: 'pass.read', ...registration },
      { action: 'receipt.read', targetKind: 'donation', targetId: theirs.donationId },
    ]);
    expect(entries[2]?.targetLabel).toBe(`$30.00 by ${person.email} for Canal Clean-up`);
  });

  it('the PDFs downloaded for them: a receipt and a certificate of volunteering', async () => {
    const entries = await recorded(async () => {
      await get(`/api/payment/${theirs.donationId}/receipt.pdf`);
      await get(`/api/impact/${encodeURIComponent(person.email)}/certificate.pdf`);
    });
    expect(entries).toMatchObject([
      { action: 'export.receipt.pdf', targetKind: 'donation', targetId: theirs.donationId },
      { action: 'export.certificate.pdf', ...theirAccount() },
    ]);
  });

  it('donations looked up by an email no account has are recorded under that email', async () => {
    const entries = await recorded(() => get('/api/payment/Gone.Donor@example.org'));
    expect(entries).toMatchObject([
      { action: 'donations.read', targetKind: 'account', targetId: null, targetLabel: 'gone.donor@example.org' },
    ]);
  });
});

describe('reading one’s own records is not recorded', () => {
  const ownReads = (who: TestAccount, own: { registrationId: string; donationId: string }) => {
    const email = encodeURIComponent(who.email);
    return [
      `/api/users/${email}`,
      `/api/users/account/${who.id}`,
      `/api/register/event/${email}`,
      `/api/payment/${email}`,
      `/api/review/${email}`,
      `/api/impact/${email}`,
      `/api/impact/${email}/certificate.pdf`,
      `/api/register/${own.registrationId}`,
      `/api/register/${own.registrationId}/pass`,
      `/api/payment/${own.donationId}/receipt`,
      `/api/payment/${own.donationId}/receipt.pdf`,
    ];
  };

  it('a person’s reads of their own records write nothing, nor an admin’s of their own; the admin’s read of someone else’s does', async () => {
    const someoneElse = await signUp(t);
    const entries = await recorded(async () => {
      for (const path of ownReads(person, theirs)) await get(path, person);
      // Spelled with capitals, it is still the admin's own email.
      for (const path of [...ownReads(admin, adminsOwn), `/api/payment/${encodeURIComponent(admin.email.toUpperCase())}`]) {
        await get(path, admin);
      }
      await get(`/api/users/${encodeURIComponent(someoneElse.email)}`);
    });
    expect(entries.map((e) => [e.action, e.targetLabel])).toEqual([['account.read', someoneElse.email]]);
  });
});
