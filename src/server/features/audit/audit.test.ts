import diagnostics from 'node:diagnostics_channel';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/audit.ts';
import { requireRole } from '../../auth/signed-in.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { auditEntry, registration } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { expectBadCursorsRefused, expectCursorPagesToFollow } from '../../test/paging.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { isAdminWrite, registerAudit } from './record.ts';

let t: TestApp;
let admin: TestAccount;
let donator: TestAccount;
let volunteer: TestAccount;
/** Every API route the app added, as Fastify saw it being added. */
const routes: RouteOptions[] = [];

beforeAll(async () => {
  // Fastify announces each new instance on this channel before any route is added.
  const watch = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route: RouteOptions) => {
      routes.push(route);
    });
  };
  diagnostics.subscribe('fastify.initialization', watch);
  try {
    t = await startTestApp();
  } finally {
    diagnostics.unsubscribe('fastify.initialization', watch);
  }
  admin = await signUp(t, { role: 'admin' });
  donator = await signUp(t);
  volunteer = await signUp(t, { role: 'volunteer' });
});
afterAll(() => t.close());

const browser = 'Mozilla/5.0 (audit test)';
const adminHeaders = () => ({ ...admin.auth, 'user-agent': browser });

/** The entries with this action, newest first, as the audit list answers them. */
async function entriesOf(action: string): Promise<AuditEntry[]> {
  const res = await call(t, 'GET', `/api/audit?action=${encodeURIComponent(action)}&limit=100`, undefined, admin.auth);
  expect(res.status).toBe(200);
  return res.json();
}

/** The one entry an action left, checked for who and from where. */
async function onlyEntry(action: string): Promise<AuditEntry> {
  const entries = await entriesOf(action);
  expect(entries).toHaveLength(1);
  const [entry] = entries as [AuditEntry];
  expect(entry.actor).toEqual({ id: admin.id, email: admin.email, role: 'admin' });
  expect(entry.address).toBe('127.0.0.1');
  expect(entry.userAgent).toBe(browser);
  expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
  return entry;
}

describe('what admins do is recorded', () => {
  it('a role change records who, the account, and the role from and to', async () => {
    const person = await signUp(t);
    const res = await call(t, 'PUT', '/api/users/role', { email: person.email, role: 'volunteer' }, adminHeaders());
    expect(res.status).toBe(200);
    const entry = await onlyEntry('account.role');
    expect(entry.target).toEqual({ kind: 'account', id: person.id, label: person.email });
    expect(entry.details).toEqual({ from: 'donator', to: 'volunteer' });
  });

  it('an event deletion keeps the title of the event that is gone', async () => {
    const { id } = await insertEvent(t.app.db, { title: 'Riverbank Clean-up' });
    expect((await call(t, 'DELETE', `/api/events/${id}`, undefined, adminHeaders())).status).toBe(200);
    const entry = await onlyEntry('event.delete');
    expect(entry.target).toEqual({ kind: 'event', id, label: 'Riverbank Clean-up' });
  });

  it('a refund records the donation, its donor and amount', async () => {
    const { id: eventId } = await insertEvent(t.app.db, { title: 'Soup Kitchen' });
    const started = await (await call(t, 'POST', '/api/create-payment-intent', { eventId }, donator.auth)).json();
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', postalCode: '10001' };
    expect((await call(t, 'POST', '/api/test-payments/confirm', { clientSecret: started.clientSecret, card }, donator.auth)).status).toBe(
      200,
    );
    const { insertedId } = await (await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, donator.auth)).json();
    expect((await call(t, 'POST', `/api/payment/${insertedId}/refund`, {}, adminHeaders())).status).toBe(200);
    const entry = await onlyEntry('donation.refund');
    expect(entry.target?.id).toBe(insertedId);
    expect(entry.target?.label).toContain(donator.email);
    expect(entry.target?.label).toContain('Soup Kitchen');
    expect(entry.details).toEqual({ amountCents: 3000, currency: 'usd', outcome: 'refunded' });
  });

  it('a settings change records which fields changed, not their texts', async () => {
    const settings = {
      name: 'Riverside Food Share',
      logo: '',
      address: '4 Mill Lane, Riverside RS1 2AB',
      email: 'hello@riverside.example.org',
      registrationNumber: '1234567',
      timeZone: 'Europe/London',
      currency: 'usd',
      privacy: '# Privacy\n\nWe keep your name and email to run events.',
      terms: '# Terms\n\n- Be kind',
    };
    const res = await call(t, 'PUT', '/api/site', settings, adminHeaders());
    expect(res.status, await res.clone().text()).toBe(200);
    const entry = await onlyEntry('settings.update');
    expect(entry.target).toEqual({ kind: 'settings', id: null, label: 'Site settings' });
    expect(entry.details.changed).toContain('name');
    expect(JSON.stringify(entry.details)).not.toContain('Riverside');
  });

  it('an admin cancelling someone else’s registration is recorded; cancelling one’s own is not', async () => {
    const { id: eventId } = await insertEvent(t.app.db, { title: 'Tree Planting' });
    const theirs = (await (await call(t, 'POST', '/api/register', { eventId }, volunteer.auth)).json()).insertedId;
    const own = (await (await call(t, 'POST', '/api/register', { eventId }, admin.auth)).json()).insertedId;
    expect((await call(t, 'DELETE', `/api/register/${theirs}`, undefined, adminHeaders())).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/register/${own}`, undefined, adminHeaders())).status).toBe(200);
    const entry = await onlyEntry('registration.cancel');
    expect(entry.target).toEqual({ kind: 'registration', id: theirs, label: `${volunteer.email} at Tree Planting` });
    expect(await t.app.db.select().from(registration).where(eq(registration.id, theirs))).toEqual([]);
  });
});

describe('accounts deleted by admins', () => {
  it('records the deleted account by its email, and an admin deleting their own account by email and role', async () => {
    const leaving = await signUp(t);
    expect((await call(t, 'DELETE', `/api/users/${leaving.id}`, undefined, adminHeaders())).status).toBe(200);
    const [entry] = await entriesOf('account.delete');
    expect(entry).toMatchObject({ actor: { id: admin.id }, target: { kind: 'account', id: leaving.id, label: leaving.email } });

    const otherAdmin = await signUp(t, { role: 'admin' });
    expect((await call(t, 'DELETE', `/api/users/${otherAdmin.id}`, undefined, otherAdmin.auth)).status).toBe(200);
    const [own] = await entriesOf('account.delete');
    expect(own?.actor).toEqual({ id: null, email: otherAdmin.email, role: 'admin' });
    expect(own?.target).toEqual({ kind: 'account', id: otherAdmin.id, label: otherAdmin.email });
    expect(await entriesOf('account.delete')).toHaveLength(2);
  });

  it('records an admin deleting their own account on the profile page by email and role; a donator’s own deletion is not recorded', async () => {
    const before = (await entriesOf('account.delete')).length;
    const leavingDonator = await signUp(t);
    expect((await call(t, 'DELETE', '/api/users/me', { confirm: leavingDonator.email }, leavingDonator.auth)).status).toBe(200);
    const leavingAdmin = await signUp(t, { role: 'admin' });
    const res = await call(t, 'DELETE', '/api/users/me', { confirm: leavingAdmin.email }, { ...leavingAdmin.auth, 'user-agent': browser });
    expect(res.status).toBe(200);
    const entries = await entriesOf('account.delete');
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({
      actor: { id: null, email: leavingAdmin.email, role: 'admin' },
      target: { kind: 'account', id: leavingAdmin.id, label: leavingAdmin.email },
      details: { role: 'admin' },
      address: '127.0.0.1',
      userAgent: browser,
    });
  });
});

describe('bulk reads of personal data are recorded', () => {
  it('a CSV export of the registrations is recorded', async () => {
    const res = await call(t, 'GET', '/api/register/export.csv', undefined, adminHeaders());
    expect(res.status).toBe(200);
    await res.text();
    await onlyEntry('export.registrations.csv');
  });

  it('reading the outbox records what was searched for', async () => {
    const res = await call(t, 'GET', '/api/outbox?q=welcome&status=logged', undefined, adminHeaders());
    expect(res.status).toBe(200);
    const entry = await onlyEntry('outbox.read');
    expect(entry.details).toMatchObject({ q: 'welcome', status: 'logged' });
  });

  it('an event’s roster and door list are recorded with the event', async () => {
    const { id } = await insertEvent(t.app.db, { title: 'Winter Coat Drive' });
    expect((await call(t, 'GET', `/api/events/${id}/roster`, undefined, adminHeaders())).status).toBe(200);
    expect((await call(t, 'GET', `/api/events/${id}/checkins`, undefined, adminHeaders())).status).toBe(200);
    expect((await onlyEntry('roster.read')).target).toEqual({ kind: 'event', id, label: 'Winter Coat Drive' });
    expect((await onlyEntry('checkins.read')).target).toEqual({ kind: 'event', id, label: 'Winter Coat Drive' });
  });
});

describe('from where', () => {
  it('is the address in X-Forwarded-For only when TRUST_PROXY says a proxy sets it', async () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.9' };
    expect((await call(t, 'GET', '/api/outbox?q=forwarded', undefined, { ...admin.auth, ...forwarded })).status).toBe(200);
    const [direct] = (await (await call(t, 'GET', '/api/audit?q=outbox&limit=1', undefined, admin.auth)).json()) as AuditEntry[];
    expect(direct?.details).toMatchObject({ q: 'forwarded' });
    expect(direct?.address).toBe('127.0.0.1');

    const proxied = await startTestApp({ trustProxy: true });
    try {
      const proxiedAdmin = await signUp(proxied, { role: 'admin' });
      expect((await call(proxied, 'GET', '/api/outbox', undefined, { ...proxiedAdmin.auth, ...forwarded })).status).toBe(200);
      const [entry] = (await (await call(proxied, 'GET', '/api/audit', undefined, proxiedAdmin.auth)).json()) as AuditEntry[];
      expect(entry).toMatchObject({ action: 'outbox.read', address: '203.0.113.9' });
    } finally {
      await proxied.close();
    }
  });
});

describe('refused and failed actions', () => {
  it('a refused or failed action records nothing', async () => {
    const before = await t.app.db.select().from(auditEntry);
    const { id } = await insertEvent(t.app.db, { title: 'Not yours to delete' });
    expect((await call(t, 'DELETE', `/api/events/${id}`, undefined, donator.auth)).status).toBe(403);
    expect((await call(t, 'GET', '/api/outbox', undefined, volunteer.auth)).status).toBe(403);
    expect((await call(t, 'PUT', '/api/users/role', { email: 'nobody@example.org', role: 'admin' }, admin.auth)).status).toBe(404);
    // Nothing to delete: nothing happened, so nothing to record.
    expect((await call(t, 'DELETE', '/api/events/00000000-0000-4000-8000-000000000000', undefined, admin.auth)).status).toBe(200);
    expect(await t.app.db.select().from(auditEntry)).toHaveLength(before.length);
  });
});

describe('GET /api/audit', () => {
  it('is for admins only: 401 signed out, 403 for donators and volunteers', async () => {
    for (const path of ['/api/audit', '/api/audit.csv']) {
      expect((await call(t, 'GET', path)).status).toBe(401);
      expect((await call(t, 'GET', path, undefined, donator.auth)).status).toBe(403);
      expect((await call(t, 'GET', path, undefined, volunteer.auth)).status).toBe(403);
    }
  });

  it('is never stored by browsers or proxies', async () => {
    const list = await call(t, 'GET', '/api/audit', undefined, admin.auth);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    const csv = await call(t, 'GET', '/api/audit.csv', undefined, admin.auth);
    expect(csv.headers.get('cache-control')).toBe('private, no-store');
    await csv.text();
  });

  it('searches the action, the actor’s email and the target, with the total in X-Total-Count', async () => {
    const person = await signUp(t, { email: `searched-${Date.now()}@example.org` });
    expect((await call(t, 'PUT', '/api/users/role', { email: person.email, role: 'admin' }, admin.auth)).status).toBe(200);
    const byTarget = await call(t, 'GET', `/api/audit?q=${encodeURIComponent(person.email.slice(0, 14))}`, undefined, admin.auth);
    expect(byTarget.headers.get('x-total-count')).toBe('1');
    expect(((await byTarget.json()) as AuditEntry[]).map((e) => e.target?.label)).toEqual([person.email]);
    const byAction = (await (await call(t, 'GET', '/api/audit?q=ROLE', undefined, admin.auth)).json()) as AuditEntry[];
    expect(byAction.length).toBeGreaterThan(0);
    expect(byAction.every((e) => e.action === 'account.role')).toBe(true);
    // The new admin's own first action, then found by their email.
    expect((await call(t, 'GET', '/api/outbox', undefined, person.auth)).status).toBe(200);
    const byActor = (await (
      await call(t, 'GET', `/api/audit?actor=${encodeURIComponent(person.email)}`, undefined, admin.auth)
    ).json()) as AuditEntry[];
    expect(byActor.map((e) => [e.action, e.actor.email])).toEqual([['outbox.read', person.email]]);
    const none = await call(t, 'GET', '/api/audit?q=nothing-like-this', undefined, admin.auth);
    expect(none.headers.get('x-total-count')).toBe('0');
    expect(await none.json()).toEqual([]);
    const wrong = await call(t, 'GET', '/api/audit?action=event.explode', undefined, admin.auth);
    expect(wrong.status).toBe(400);
  });

  it('pages by cursor through every entry once, newest first, and refuses cursors it did not give', async () => {
    // Each page read is itself recorded: another admin reads the first admin's entries, which the reads do not add to.
    const reader = await signUp(t, { role: 'admin' });
    const ids = await expectCursorPagesToFollow(t, `/api/audit?actor=${encodeURIComponent(admin.email)}`, reader.auth, 3);
    expect(ids.length).toBeGreaterThan(6);
    const all = (await (await call(t, 'GET', '/api/audit?limit=100', undefined, admin.auth)).json()) as AuditEntry[];
    const times = all.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Counted before this read's own entry is written.
    const before = (await t.app.db.select().from(auditEntry)).length;
    const total = (await call(t, 'GET', '/api/audit', undefined, admin.auth)).headers.get('x-total-count');
    expect(Number(total)).toBe(before);
    await expectBadCursorsRefused(t, '/api/audit', admin.auth);
  });

  it('downloads the matching entries as CSV, and records the download', async () => {
    const downloadsBefore = (await entriesOf('export.audit.csv')).length;
    const res = await call(t, 'GET', '/api/audit.csv?action=account.role', undefined, adminHeaders());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('When,Who,Role,Action,Target kind,Target id,Target,Details,From address,User agent');
    expect(lines.length).toBe((await entriesOf('account.role')).length + 1);
    expect(lines.slice(1).every((line) => line.includes(',account.role,'))).toBe(true);
    const downloads = await entriesOf('export.audit.csv');
    expect(downloads).toHaveLength(downloadsBefore + 1);
    expect(downloads[0]?.details).toEqual({ action: 'account.role' });
    expect(downloads[0]?.userAgent).toBe(browser);
  });
});

describe('retention', () => {
  it('the daily job deletes the entries older than AUDIT_RETENTION_DAYS and keeps the rest', async () => {
    const now = new Date();
    const day = 24 * 3600_000;
    const at = (days: number) => new Date(now.getTime() - days * day);
    const old = { actorEmail: 'old@example.org', actorRole: 'admin' as const, action: 'event.delete' };
    await t.app.db.insert(auditEntry).values([
      { ...old, at: at(400), targetLabel: 'Long gone' },
      { ...old, at: at(366), targetLabel: 'Just gone' },
      { ...old, at: at(364), targetLabel: 'Just kept' },
    ]);
    const before = await t.app.db.select().from(auditEntry);
    expect(t.config.audit.retentionDays).toBe(365);
    expect(await t.app.auditRetention.runOnce(now)).toBe(2);
    const after = await t.app.db.select().from(auditEntry);
    expect(after).toHaveLength(before.length - 2);
    expect(after.map((e) => e.targetLabel)).toContain('Just kept');
    expect(after.map((e) => e.targetLabel)).not.toContain('Just gone');
    const total = (await call(t, 'GET', '/api/audit', undefined, admin.auth)).headers.get('x-total-count');
    expect(Number(total)).toBe(after.length);
  });

  it('AUDIT_RETENTION_DAYS is 365 days unless set, and at least 30', () => {
    expect(loadConfig({}).audit.retentionDays).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '90' }).audit.retentionDays).toBe(90);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '7' })).toThrow(ConfigError);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: 'a year' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});

describe('every admin action declares what it records', () => {
  it('every API route that changes something and admits only admins has config.audit', () => {
    const adminWrites = routes.filter((route) => route.url.startsWith('/api/') && isAdminWrite(route));
    expect(adminWrites.length).toBeGreaterThan(15);
    const undeclared = adminWrites.filter((route) => !route.config?.audit).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('an admin write route without config.audit stops the app from starting', async () => {
    const app = Fastify();
    const starting = app
      .register(async (api) => {
        registerAudit(api);
        api.delete('/things/:id', { onRequest: requireRole('admin') }, async () => ({ deletedCount: 0 }));
      })
      .ready();
    await expect(starting).rejects.toThrow(/DELETE \/things\/:id: an admin action must declare config.audit/);
    const reads = Fastify();
    await reads.register(async (api) => {
      registerAudit(api);
      api.get('/things', { onRequest: requireRole('admin') }, async () => []);
      api.post('/mine', {}, async () => ({}));
    });
    await expect(reads.ready()).resolves.toBeDefined();
  });
});
