import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, registration } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { parseCalendar } from '../../test/calendar.ts';
import { insertEvent } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let webDir: string;
let admin: TestAccount;
let host: string;
const indexHtml =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Helping Hands</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'hh-web-'));
  await writeFile(path.join(webDir, 'index.html'), indexHtml);
  t = await startTestApp({ webDir });
  admin = await signUp(t, { role: 'admin' });
  host = new URL(t.config.publicUrl).hostname;
  // Not UTC, and not the server's: the file must read wall-clock times where the charity is.
  const saved = await call(t, 'PUT', '/api/site', { name: 'Riverside Friends', timeZone: 'America/New_York' }, admin.auth);
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

async function eventFile(id: string) {
  const res = await t.api(`/api/events/${id}/calendar.ics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const file = await res.text();
  // CRLF only, and no line over 75 octets (RFC 5545 section 3.1).
  expect(file).not.toMatch(/[^\r]\n/);
  expect(file.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  return parseCalendar(file);
}

async function feedOf(who: TestAccount) {
  const res = await call(t, 'GET', '/api/users/me/calendar', undefined, who.auth);
  expect(res.status).toBe(200);
  return (await res.json()) as { token: string; url: string };
}

describe('an event’s calendar file', () => {
  it('matches the event: UTC instants from the site time zone, place, words and page, with one UID across downloads and edits', async () => {
    const event = await insertEvent(t.app.db, {
      title: 'Riverside Clean-up, Spring',
      desc: 'Bring gloves; we bring bags.\nTea after.',
      date: '2099-07-04',
      time: '09:30:00',
      endAt: '2099-07-04 12:15:00',
      location: 'Boathouse, 1 River Road',
      updatedAt: new Date(Date.now() - 60_000),
    });
    const first = await eventFile(event.id);
    expect(first.prodId).toContain('Riverside Friends');
    expect(first.entries).toEqual([
      {
        uid: `event-${event.id}@${host}`,
        summary: 'Riverside Clean-up, Spring',
        description: `Bring gloves; we bring bags.\nTea after.\n\n${t.config.publicUrl}/eventDetails/${event.id}`,
        location: 'Boathouse, 1 River Road',
        url: `${t.config.publicUrl}/eventDetails/${event.id}`,
        sequence: expect.any(Number),
        status: null,
        allDay: false,
        // 09:30 and 12:15 in New York in July (UTC-4).
        start: '2099-07-04T13:30:00.000Z',
        end: '2099-07-04T16:15:00.000Z',
      },
    ]);
    const again = await eventFile(event.id);
    expect(again.entries[0]?.uid).toBe(first.entries[0]?.uid);

    const { title, banner } = event;
    const edited = await call(
      t,
      'PUT',
      `/api/events/${event.id}`,
      { title, desc: 'New words', banner, date: '2099-07-04T10:00' },
      admin.auth,
    );
    expect(edited.status).toBe(200);
    const [after] = (await eventFile(event.id)).entries;
    expect(after?.uid).toBe(first.entries[0]?.uid);
    expect(after?.description).toContain('New words');
    expect(after?.start).toBe('2099-07-04T14:00:00.000Z');
    expect(after?.sequence).toBeGreaterThan(first.entries[0]?.sequence ?? Number.POSITIVE_INFINITY);
  });

  it('gives an event without a time an all-day entry, and one without an end an hour', async () => {
    const allDay = await insertEvent(t.app.db, { date: '2099-12-31' });
    expect((await eventFile(allDay.id)).entries[0]).toMatchObject({ allDay: true, start: '2099-12-31', end: '2100-01-01', location: null });

    const open = await insertEvent(t.app.db, { date: '2099-01-15', time: '18:00:00' });
    expect((await eventFile(open.id)).entries[0]).toMatchObject({ start: '2099-01-15T23:00:00.000Z', end: '2099-01-16T00:00:00.000Z' });
  });

  it('answers 404 for an unknown or malformed event id', async () => {
    expect((await t.api('/api/events/0b6f6a57-1b7e-4a8e-9d53-6f1c2a5b9e10/calendar.ics')).status).toBe(404);
    expect((await t.api('/api/events/nope/calendar.ics')).status).toBe(404);
  });
});

describe('a person’s calendar feed', () => {
  it('lists only the caller’s own registrations, a waitlisted one as tentative, privately', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const mine = await insertEvent(t.app.db, { title: 'Food Bank Shift', date: '2099-03-02', time: '10:00:00' });
    const waiting = await insertEvent(t.app.db, { title: 'Park Litter Pick', date: '2099-03-09' });
    const theirs = await insertEvent(t.app.db, { title: 'Coat Drive', date: '2099-03-16' });
    await t.app.db.insert(registration).values([
      { accountId: me.id, eventId: mine.id, name: me.name, email: me.email },
      { accountId: me.id, eventId: waiting.id, name: me.name, email: me.email, status: 'waitlisted', position: 1 },
      { accountId: other.id, eventId: theirs.id, name: other.name, email: other.email },
    ]);

    const { token, url } = await feedOf(me);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(url).toBe(`${t.config.publicUrl}/api/calendar/${token}.ics`);
    expect((await feedOf(me)).token).toBe(token);

    const res = await t.api(`/api/calendar/${token}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private');
    const feed = parseCalendar(await res.text());
    expect(feed.name).toContain('Riverside Friends');
    expect(feed.entries.map(({ uid, summary, status }) => ({ uid, summary, status }))).toEqual([
      { uid: `event-${mine.id}@${host}`, summary: 'Food Bank Shift', status: 'CONFIRMED' },
      { uid: `event-${waiting.id}@${host}`, summary: 'Park Litter Pick (waitlist)', status: 'TENTATIVE' },
    ]);

    const theirFeed = parseCalendar(await (await t.api(`/api/calendar/${(await feedOf(other)).token}.ics`)).text());
    expect(theirFeed.entries.map((e) => e.summary)).toEqual(['Coat Drive']);
  });

  it('names the feed and a waitlisted place in the owner’s language, which a calendar program does not say', async () => {
    const me = await signUp(t);
    expect((await call(t, 'PUT', '/api/users/me/language', { language: 'bn' }, me.auth)).status).toBe(200);
    const waiting = await insertEvent(t.app.db, { title: 'নদীর পাড় পরিষ্কার', date: '2099-04-06' });
    await t.app.db
      .insert(registration)
      .values({ accountId: me.id, eventId: waiting.id, name: me.name, email: me.email, status: 'waitlisted', position: 1 });
    // Asked with an English browser's headers: the feed is the owner's, in the owner's language.
    const res = await t.api(`/api/calendar/${(await feedOf(me)).token}.ics`, { headers: { 'accept-language': 'en-GB' } });
    const feed = parseCalendar(await res.text());
    expect(feed.name).toBe('আমার ইভেন্ট: Riverside Friends');
    expect(feed.entries.map((e) => e.summary)).toEqual(['নদীর পাড় পরিষ্কার (অপেক্ষমাণ তালিকা)']);
  });

  it('stops answering the old address once a new link is made', async () => {
    const me = await signUp(t);
    const old = await feedOf(me);
    const made = await call(t, 'POST', '/api/users/me/calendar', undefined, me.auth);
    expect(made.status).toBe(200);
    const fresh = (await made.json()) as { token: string; url: string };
    expect(fresh.token).not.toBe(old.token);
    expect((await feedOf(me)).token).toBe(fresh.token);
    expect((await t.api(`/api/calendar/${old.token}.ics`)).status).toBe(404);
    expect((await t.api(`/api/calendar/${fresh.token}.ics`)).status).toBe(200);
    const [stored] = await t.app.db.select({ token: account.calendarToken }).from(account).where(eq(account.id, me.id));
    expect(stored?.token).toBe(fresh.token);
  });

  it('answers 404 for a token no account holds, and 401 to a signed-out caller of the address routes', async () => {
    expect((await t.api(`/api/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await call(t, 'GET', '/api/users/me/calendar')).status).toBe(401);
    expect((await call(t, 'POST', '/api/users/me/calendar')).status).toBe(401);
  });
});

describe('the event page’s link preview', () => {
  it('puts Open Graph and Twitter card tags, escaped, into the HTML of /eventDetails/{id}', async () => {
    const event = await insertEvent(t.app.db, {
      title: '"><script>alert(1)</script>',
      desc: `Help us & friends. ${'Words go on. '.repeat(40)}`,
      banner: '/images/events/food-bank.svg',
    });
    const res = await t.api(`/eventDetails/${event.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toContain('<script>');
    const escapedTitle = '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
    expect(html).toContain(`<title>${escapedTitle} · Riverside Friends</title>`);
    const tag = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
    expect(tag('og:title')).toBe(escapedTitle);
    expect(tag('twitter:title')).toBe(escapedTitle);
    expect(tag('og:site_name')).toBe('Riverside Friends');
    expect(tag('og:type')).toBe('website');
    expect(tag('og:url')).toBe(`${t.config.publicUrl}/eventDetails/${event.id}`);
    expect(tag('og:image')).toBe(`${t.config.publicUrl}/images/events/food-bank.svg`);
    expect(tag('twitter:image')).toBe(tag('og:image'));
    expect(tag('twitter:card')).toBe('summary_large_image');
    const description = tag('og:description') ?? '';
    expect(description.startsWith('Help us &amp; friends. Words go on.')).toBe(true);
    expect(description.endsWith('…')).toBe(true);
    expect(description.length).toBeLessThan(220);
    expect(tag('twitter:description')).toBe(description);
    expect(html).toContain('<div id="root"></div>');
  });

  it('sends the plain page for an unknown event', async () => {
    const res = await t.api('/eventDetails/0b6f6a57-1b7e-4a8e-9d53-6f1c2a5b9e10');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(indexHtml);
  });
});
