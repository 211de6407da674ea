import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEvents, demoReviews } from '../../db/demo-content.ts';
import { event, outboxMessage, review } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  // A fresh install as `npm start` makes it: the demo events, reviews and settings.
  t = await startTestApp({ seedDemo: true });
  admin = await signUp(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const left = async (who: TestAccount = admin) => call(t, 'GET', '/api/site/demo-content', undefined, who.auth);
const remove = async (who: TestAccount = admin) => call(t, 'DELETE', '/api/site/demo-content', undefined, who.auth);

describe('the demo content', () => {
  it('is counted, removed once as it was seeded, and what the charity changed stays', async () => {
    const demoFields = 8; // tagline, address, phone, email, registration number, social links, privacy, terms
    expect(await (await left()).json()).toEqual({ events: demoEvents.length, reviews: demoReviews.length, settings: demoFields });

    // The charity made one demo event its own, and wrote its own contact email.
    const [kept] = await t.app.db
      .select()
      .from(event)
      .where(eq(event.title, demoEvents[0]?.title ?? ''));
    await t.app.db
      .update(event)
      .set({ title: 'Our own food bank day' })
      .where(eq(event.id, kept?.id ?? ''));
    const site = await (await t.api('/api/site')).json();
    const { donationAmounts: _amounts, socialSignIn: _signIn, ...settings } = site;
    expect((await call(t, 'PUT', '/api/site', { ...settings, email: 'hello@riverside.example.org' }, admin.auth)).status).toBe(200);
    expect(await (await left()).json()).toEqual({ events: demoEvents.length - 1, reviews: demoReviews.length, settings: demoFields - 1 });

    // Someone registered for a demo event still to come: they are told it is gone, as with any delete.
    const upcoming = demoEvents.find((demo) => demo.inDays > 0 && demo.title !== demoEvents[0]?.title);
    const [target] = await t.app.db
      .select()
      .from(event)
      .where(eq(event.title, upcoming?.title ?? ''));
    const volunteer = await signUp(t);
    expect((await call(t, 'POST', '/api/register', { eventId: target?.id }, volunteer.auth)).status).toBe(201);

    const volunteerRefused = await remove(volunteer);
    expect(volunteerRefused.status).toBe(403);
    const res = await remove();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ events: demoEvents.length - 1, reviews: demoReviews.length, settings: demoFields - 1 });

    expect((await t.app.db.select({ id: event.id }).from(event)).map((row) => row.id)).toEqual([kept?.id]);
    expect(await t.app.db.select().from(review)).toEqual([]);
    const after = await (await t.api('/api/site')).json();
    expect(after).toMatchObject({ tagline: '', address: '', phone: '', registrationNumber: '', socialLinks: [], privacy: '', terms: '' });
    expect(after.email).toBe('hello@riverside.example.org');
    const told = await t.app.db.select().from(outboxMessage).where(eq(outboxMessage.to, volunteer.email));
    expect(told.map((message) => message.kind)).toContain('event-deleted');

    // Once: nothing is left to remove.
    expect(await (await left()).json()).toEqual({ events: 0, reviews: 0, settings: 0 });
    expect(await (await remove()).json()).toEqual({ events: 0, reviews: 0, settings: 0 });
    const audit = await call(t, 'GET', '/api/audit?action=demo.remove', undefined, admin.auth);
    expect((await audit.json()).map((entry: { action: string }) => entry.action)).toEqual(['demo.remove', 'demo.remove']);
  });
});
