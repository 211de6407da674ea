import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BANNER } from '../../../shared/events.ts';
import { donation, event, registration } from '../../db/schema.ts';
import { call, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
let donator: TestAccount;
let volunteer: TestAccount;

const valid = {
  title: 'Harbour Litter Pick',
  desc: 'Two hours along the harbour wall.',
  banner: 'https://pictures.example.org/harbour.jpg',
  date: '2027-03-14T10:30',
};
const events = () => t.app.db.select().from(event).orderBy(event.id);

sharedApp(
  { admin: { role: 'admin' }, donator: {}, volunteer: { role: 'volunteer' } },
  (started) => ({ t, admin, donator, volunteer } = started),
);

describe('who may write events', () => {
  it.each([
    ['POST', () => '/api/events'],
    ['PUT', () => '/api/events/0b6f6a57-1b7e-4a8e-9d53-6f1c2a5b9e10'],
    ['DELETE', () => '/api/events/0b6f6a57-1b7e-4a8e-9d53-6f1c2a5b9e10'],
  ])('%s is for admins: 401 signed out, 403 for donators and volunteers, and nothing changes', async (method, path) => {
    await insertEvent(t.app.db);
    const before = await events();
    const body = method === 'DELETE' ? undefined : valid;
    expect((await call(t, method, path(), body)).status).toBe(401);
    for (const who of [donator, volunteer]) expect((await call(t, method, path(), body, who.auth)).status).toBe(403);
    expect(await events()).toEqual(before);
  });
});

describe('refusals come before validation', () => {
  it('answers a donator 403, not the field list, even for an empty body', async () => {
    const res = await call(t, 'POST', '/api/events', {}, donator.auth);
    expect(res.status).toBe(403);
    expect((await res.json()).error.fields).toBeUndefined();
    expect((await call(t, 'GET', '/api/payment?limit=abc', undefined, donator.auth)).status).toBe(403);
    expect((await call(t, 'PUT', '/api/users/role', {}, volunteer.auth)).status).toBe(403);
  });
});

describe('POST /api/events', () => {
  it('adds an event, generating index and key when they are left out', async () => {
    const res = await call(t, 'POST', '/api/events', { ...valid, index: '', key: '' }, admin.auth);
    expect(res.status).toBe(200);
    const { insertedId } = await res.json();
    const created = await (await t.api(`/api/events/${insertedId}`)).json();
    expect(created).toMatchObject({ ...valid, _id: insertedId });
    expect(created.index).toBeGreaterThan(0);
    expect(created.key.length).toBeGreaterThan(0);
    const given = await call(t, 'POST', '/api/events', { ...valid, index: 77, key: 'harbour-2027' }, admin.auth);
    const again = await (await t.api(`/api/events/${(await given.json()).insertedId}`)).json();
    expect(again).toMatchObject({ index: 77, key: 'harbour-2027' });
  });

  it('gives an event added without a banner the site’s own picture, and a change without one keeps the banner it has', async () => {
    const { banner: _none, ...rest } = valid;
    for (const without of [rest, { ...rest, banner: '' }, { ...rest, banner: null }]) {
      const res = await call(t, 'POST', '/api/events', without, admin.auth);
      expect(res.status).toBe(200);
      const { insertedId } = await res.json();
      expect((await (await t.api(`/api/events/${insertedId}`)).json()).banner).toBe(DEFAULT_BANNER);
    }
    // A picture the web app ships (public/ is copied into the build).
    expect(existsSync(fileURLToPath(new URL(`../../../../public${DEFAULT_BANNER}`, import.meta.url)))).toBe(true);

    const { insertedId } = await (await call(t, 'POST', '/api/events', valid, admin.auth)).json();
    expect((await call(t, 'PUT', `/api/events/${insertedId}`, { ...rest, title: 'Harbour walk, renamed' }, admin.auth)).status).toBe(200);
    expect(await (await t.api(`/api/events/${insertedId}`)).json()).toMatchObject({ title: 'Harbour walk, renamed', banner: valid.banner });
  });

  it.each(['title', 'desc', 'date'] as const)('refuses a missing %s with 400 naming it', async (field) => {
    const { [field]: _left, ...rest } = valid;
    const res = await call(t, 'POST', '/api/events', rest, admin.auth);
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).error.fields)).toEqual([field]);
  });

  it.each([
    ['a banner that is not an image address', { banner: 'javascript:alert(1)' }, 'banner'],
    ['a date that does not exist', { date: '2027-02-31' }, 'date'],
    ['a date in another format', { date: '14/03/2027' }, 'date'],
    ['an index that is not a number', { index: 'first' }, 'index'],
  ])('refuses %s', async (_what, change, field) => {
    const res = await call(t, 'POST', '/api/events', { ...valid, ...change }, admin.auth);
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).error.fields)).toEqual([field]);
  });

  it('takes a picture uploaded by an admin as the banner', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#2b6cb0' } })
      .png()
      .toBuffer();
    expect(
      (await t.api('/api/images', { method: 'POST', headers: { 'content-type': 'image/png', ...donator.auth }, body: png })).status,
    ).toBe(403);
    const upload = await t.api('/api/images', { method: 'POST', headers: { 'content-type': 'image/png', ...admin.auth }, body: png });
    expect(upload.status).toBe(200);
    const { url } = await upload.json();
    const res = await call(t, 'POST', '/api/events', { ...valid, banner: url }, admin.auth);
    expect(res.status).toBe(200);
    expect((await t.api(url)).headers.get('content-type')).toBe('image/webp');
  });
});

describe('PUT /api/events/{id}', () => {
  it('updates the event and reports it', async () => {
    const ev = await insertEvent(t.app.db, { title: 'Old title' });
    const res = await call(t, 'PUT', `/api/events/${ev.id}`, { ...valid, title: 'New title', date: '2027-05-01' }, admin.auth);
    expect(await res.json()).toEqual({ modifiedCount: 1 });
    expect(await (await t.api(`/api/events/${ev.id}`)).json()).toMatchObject({
      title: 'New title',
      date: '2027-05-01',
      index: ev.index,
      key: ev.key,
    });
  });

  it('answers 404 for an unknown event', async () => {
    expect((await call(t, 'PUT', '/api/events/0b6f6a57-1b7e-4a8e-9d53-6f1c2a5b9e10', valid, admin.auth)).status).toBe(404);
  });
});

describe('DELETE /api/events/{id}', () => {
  it('removes the event and its registrations, and keeps its donations', async () => {
    const ev = await insertEvent(t.app.db, { title: 'Going away' });
    await t.app.db.insert(registration).values({ accountId: donator.id, eventId: ev.id, name: 'D', email: donator.email });
    await t.app.db.insert(donation).values({
      amountCents: 3000,
      paymentCreatedAt: new Date(),
      transaction: `pi_${ev.id}`,
      accountId: donator.id,
      email: donator.email,
      eventId: ev.id,
      eventTitle: ev.title,
      eventBanner: ev.banner,
    });
    expect(await (await call(t, 'DELETE', `/api/events/${ev.id}`, undefined, admin.auth)).json()).toEqual({ deletedCount: 1 });
    expect(await (await call(t, 'DELETE', `/api/events/${ev.id}`, undefined, admin.auth)).json()).toEqual({ deletedCount: 0 });
    expect((await t.api(`/api/events/${ev.id}`)).status).toBe(404);
    expect(await t.app.db.select().from(registration).where(eq(registration.eventId, ev.id))).toEqual([]);
    const [kept] = await t.app.db
      .select()
      .from(donation)
      .where(eq(donation.transaction, `pi_${ev.id}`));
    expect(kept).toMatchObject({ eventId: null, eventTitle: 'Going away', amountCents: 3000 });
  });
});

describe('sorting events', () => {
  it('sorts by title or date, either way', async () => {
    const titles = async (sort: string) =>
      (await (await t.api(`/api/events?q=zz-sort&sort=${sort}`)).json()).map((e: { title: string }) => e.title);
    await insertEvent(t.app.db, { title: 'zz-sort b', inDays: 1 });
    await insertEvent(t.app.db, { title: 'ZZ-sort a', inDays: 3 });
    await insertEvent(t.app.db, { title: 'zz-sort c', inDays: 2 });
    expect(await titles('title')).toEqual(['ZZ-sort a', 'zz-sort b', 'zz-sort c']);
    expect(await titles('-title')).toEqual(['zz-sort c', 'zz-sort b', 'ZZ-sort a']);
    expect(await titles('date')).toEqual(['zz-sort b', 'zz-sort c', 'ZZ-sort a']);
    expect(await titles('-date')).toEqual(['ZZ-sort a', 'zz-sort c', 'zz-sort b']);
    expect((await t.api('/api/events?sort=banner')).status).toBe(400);
  });
});
