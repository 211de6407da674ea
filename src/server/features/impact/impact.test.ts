import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatEventDate } from '../../../shared/event-date.ts';
import { instantOf, todayIn } from '../../../shared/time-zone.ts';
import { donation, registration } from '../../db/schema.ts';
import { dayFrom } from '../../db/seed.ts';
import { call, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
let volunteer: TestAccount;
let donator: TestAccount;
/** Someone with a history: two events attended, one not, donations in two currencies and a refund. */
let giver: TestAccount;
let thisYear: number;
let recent: Awaited<ReturnType<typeof insertEvent>>;
let older: Awaited<ReturnType<typeof insertEvent>>;

async function give(who: { id: string | null; email: string }, amountCents: number, currency: string, createdAt: Date, refunded = false) {
  await t.app.db.insert(donation).values({
    amountCents,
    currency,
    paymentCreatedAt: createdAt,
    createdAt,
    transaction: `pi_${randomUUID()}`,
    accountId: who.id,
    email: who.email,
    eventTitle: 'Winter Coat Drive',
    eventBanner: '/images/events/food-bank.svg',
    ...(refunded ? { refundedAt: new Date() } : {}),
  });
}

/** A registration with a place, made here because events that have taken place take no registrations. */
async function placeFor(who: TestAccount, eventId: string): Promise<string> {
  const [row] = await t.app.db
    .insert(registration)
    .values({ accountId: who.id, eventId, name: who.name, email: who.email })
    .returning({ id: registration.id });
  return row?.id ?? '';
}

const impactOf = (email: string, who?: TestAccount) => call(t, 'GET', `/api/impact/${encodeURIComponent(email)}`, undefined, who?.auth);

sharedApp({ admin: { role: 'admin' }, volunteer: { role: 'volunteer' }, donator: {}, giver: { name: 'Grace Giver' } }, async (started) => {
  ({ t, admin, volunteer, donator, giver } = started);
  const { timeZone } = await (await t.api('/api/site')).json();
  const today = todayIn(timeZone);
  thisYear = Number(today.slice(0, 4));
  // Three hours, start to end, yesterday: it has taken place (hours count once an event has ended).
  const yesterday = dayFrom(new Date(), -1);
  recent = await insertEvent(t.app.db, { title: 'Beach Clean', date: yesterday, time: '09:00', endAt: `${yesterday} 12:00:00` });
  // Last year, two hours by the admin's figure; the giver is credited an hour and a half of it.
  older = await insertEvent(t.app.db, { title: 'Food Bank Shift', date: `${thisYear - 1}-03-14`, time: '10:00', hoursMinutes: 120 });
  const missed = await insertEvent(t.app.db, { title: 'Missed Event', date: `${thisYear}-01-05`, time: '10:00', hoursMinutes: 60 });
  // Checked in at the door yesterday morning, as a phone kept offline sends it: during the event.
  const recentId = await placeFor(giver, recent.id);
  const checkin = { eventId: recent.id, registrationId: recentId, at: instantOf(`${yesterday}T10:00`, timeZone).toISOString() };
  expect((await call(t, 'POST', '/api/checkin', checkin, admin.auth)).status).toBe(200);
  // Last year's door is long shut (a check-in is taken only while it is open): recorded as it was then.
  const olderId = await placeFor(giver, older.id);
  await t.app.db
    .update(registration)
    .set({ checkedInAt: instantOf(`${older.date}T10:30`, timeZone), checkedInBy: admin.id })
    .where(eq(registration.id, olderId));
  expect((await call(t, 'PATCH', `/api/checkin/${olderId}`, { hours: 1.5 }, admin.auth)).status).toBe(200);
  await placeFor(giver, missed.id);

  const now = new Date();
  const lastYear = new Date(Date.UTC(thisYear - 1, 5, 15, 12));
  await give(giver, 3000, 'usd', now);
  await give(giver, 2000, 'usd', lastYear);
  await give(giver, 1500, 'eur', now);
  await give(giver, 9999, 'usd', now, true);
  await give(donator, 700, 'usd', now);
});

describe('GET /api/impact/{email}', () => {
  it('gives the events attended with their hours, hours this year and in all, and donations per currency and year, refunds left out', async () => {
    const res = await impactOf(giver.email, giver);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({
      email: giver.email,
      name: 'Grace Giver',
      events: [
        { eventId: recent.id, title: 'Beach Clean', date: `${recent.date}T09:00`, checkedInAt: expect.any(String), hours: 3, shift: null },
        {
          eventId: older.id,
          title: 'Food Bank Shift',
          date: `${thisYear - 1}-03-14T10:00`,
          checkedInAt: expect.any(String),
          hours: 1.5,
          shift: null,
        },
      ],
      // On the 1st of January yesterday was last year.
      hours: { total: 4.5, thisYear: recent.date.startsWith(String(thisYear)) ? 3 : 0 },
      donations: [
        { currency: 'eur', total: 1500, count: 1 },
        { currency: 'usd', total: 5000, count: 2 },
      ],
      donationYears: [
        { year: thisYear, currency: 'eur', total: 1500 },
        { year: thisYear, currency: 'usd', total: 3000 },
        { year: thisYear - 1, currency: 'usd', total: 2000 },
      ],
      years: [thisYear, thisYear - 1],
    });
  });

  it('counts an event left when its check-in is undone', async () => {
    const event = await insertEvent(t.app.db, { title: 'Undone Event', inDays: -2, time: '09:00', hoursMinutes: 60 });
    const id = await placeFor(giver, event.id);
    const { timeZone } = await (await t.api('/api/site')).json();
    const during = instantOf(`${event.date}T09:30`, timeZone).toISOString();
    expect((await call(t, 'POST', '/api/checkin', { eventId: event.id, registrationId: id, at: during }, admin.auth)).status).toBe(200);
    expect((await (await impactOf(giver.email, giver)).json()).hours.total).toBe(5.5);
    expect((await call(t, 'DELETE', `/api/checkin/${id}`, undefined, admin.auth)).status).toBe(200);
    const after = await (await impactOf(giver.email, giver)).json();
    expect(after.hours.total).toBe(4.5);
    expect(after.events.map((e: { title: string }) => e.title)).not.toContain('Undone Event');
  });

  it('counts an event once it has taken place: a check-in before it, or during it, credits nothing yet', async () => {
    const { timeZone } = await (await t.api('/api/site')).json();
    const today = todayIn(timeZone);
    const ahead = await insertEvent(t.app.db, { title: 'Coat Drive', inDays: 8, time: '10:00', hoursMinutes: 180 });
    const going = await insertEvent(t.app.db, { title: 'All-day Fair', date: today, hoursMinutes: 240 });
    for (const event of [ahead, going]) {
      const id = await placeFor(giver, event.id);
      // Checked in as a door did before check-in had its window (or a phone whose clock was wrong).
      await t.app.db.update(registration).set({ checkedInAt: new Date() }).where(eq(registration.id, id));
    }
    const impact = await (await impactOf(giver.email, giver)).json();
    expect(impact.events.map((e: { title: string }) => e.title)).toEqual(['Beach Clean', 'Food Bank Shift']);
    expect(impact.hours.total).toBe(4.5);
    const certificate = await call(t, 'GET', `/api/impact/${encodeURIComponent(giver.email)}/certificate.pdf`, undefined, giver.auth);
    expect(certificate.status).toBe(200);
    const text = pdfText(Buffer.from(await certificate.arrayBuffer()));
    expect(text).toContain('4.5 hours at 2 events');
    expect(text).not.toContain('Coat Drive');
    expect(text).not.toContain('All-day Fair');
  });

  it('writes the certificate in the reader’s language, with Bengali digits and dates', async () => {
    const certificate = await call(t, 'GET', `/api/impact/${encodeURIComponent(giver.email)}/certificate.pdf`, undefined, {
      ...giver.auth,
      'accept-language': 'bn-BD,bn;q=0.9',
    });
    const text = pdfText(Buffer.from(await certificate.arrayBuffer()));
    for (const words of ['স্বেচ্ছাসেবার সনদ', '৪.৫ ঘণ্টা', '২টি ইভেন্টে', 'যেসব ইভেন্টে অংশ নিয়েছেন', 'Beach Clean']) expect(text).toContain(words);
    expect(text).not.toContain('Certificate of volunteering');
  });

  it('shows a person only their own, whatever the case of the email, and admins anyone’s', async () => {
    expect((await impactOf(giver.email.toUpperCase(), giver)).status).toBe(200);
    expect((await impactOf(giver.email, donator)).status).toBe(403);
    expect((await impactOf(giver.email, volunteer)).status).toBe(403);
    expect((await impactOf(giver.email)).status).toBe(401);
    const asAdmin = await impactOf(giver.email, admin);
    expect(asAdmin.status).toBe(200);
    expect((await asAdmin.json()).hours.total).toBe(4.5);
    const own = await (await impactOf(donator.email, donator)).json();
    expect(own).toMatchObject({ events: [], hours: { total: 0, thisYear: 0 }, donations: [{ currency: 'usd', total: 700, count: 1 }] });
  });

  it('answers an admin 404 for an email with no account and nothing given, and the donations made with one that has no account', async () => {
    const missing = await impactOf('nobody-here@example.org', admin);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe('No account has this email');
    await give({ id: null, email: 'gone@example.org' }, 1200, 'usd', new Date());
    const gone = await (await impactOf('gone@example.org', admin)).json();
    expect(gone).toMatchObject({ email: 'gone@example.org', events: [], donations: [{ currency: 'usd', total: 1200, count: 1 }] });
  });
});

describe('GET /api/impact/{email}/certificate.pdf', () => {
  it('is a certificate of volunteering naming the charity, the person, their hours and each event with its date and hours', async () => {
    const res = await call(t, 'GET', `/api/impact/${encodeURIComponent(giver.email)}/certificate.pdf`, undefined, giver.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="certificate-of-volunteering.pdf"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    const { timeZone, name: charity } = await (await t.api('/api/site')).json();
    for (const line of [
      charity,
      'Certificate of volunteering',
      `${charity} thanks Grace Giver for volunteering 4.5 hours at 2 events.`,
      `Grace Giver (${giver.email})`,
      'Beach Clean',
      `${formatEventDate(`${recent.date}T09:00`)}: 3 hours`,
      'Food Bank Shift',
      `${formatEventDate(`${thisYear - 1}-03-14T10:00`)}: 1.5 hours`,
      formatEventDate(todayIn(timeZone)),
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Missed Event');
  });

  it('is for the person and admins only', async () => {
    const path = `/api/impact/${encodeURIComponent(giver.email)}/certificate.pdf`;
    expect((await call(t, 'GET', path, undefined, admin.auth)).status).toBe(200);
    expect((await call(t, 'GET', path, undefined, donator.auth)).status).toBe(403);
    expect((await call(t, 'GET', path)).status).toBe(401);
    expect((await call(t, 'GET', '/api/impact/nobody-here@example.org/certificate.pdf', undefined, admin.auth)).status).toBe(404);
  });
});
