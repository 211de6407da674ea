import { and, desc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { utcStamp } from '../../../shared/event-calendar.ts';
import { instantOf } from '../../../shared/time-zone.ts';
import { outboxMessage } from '../../db/schema.ts';
import { PASS_CID } from '../../mail/pass-code.ts';
import { readUnsubscribeToken } from '../../mail/unsubscribe.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { parseCalendar, readCalendar } from '../../test/calendar.ts';
import { insertEvent } from '../../test/factories.ts';
import { mailingApp } from './../../test/mailing-app.ts';
import type { ReceivedMail, SmtpStandIn } from '../../test/smtp-stand-in.ts';
import type { TestApp } from '../../test/test-app.ts';

let smtp: SmtpStandIn;
let t: TestApp;
let admin: TestAccount;
let publicUrl: string;

mailingApp(
  (started) => {
    ({ smtp, t, admin } = started);
    publicUrl = t.config.publicUrl;
  },
  { people: { admin: { role: 'admin' } } },
);

async function register(who: TestAccount, eventId: string) {
  const res = await call(t, 'POST', '/api/register', { eventId }, who.auth);
  expect(res.status).toBe(201);
  return (await res.json()).insertedId as string;
}

/**
 * The message shows the registration's pass (the picture attached as pass.png, named by its content id)
 * and says what to do with it; the picture is the QR code of the pass the API gives the person.
 */
async function expectPass(mail: ReceivedMail | undefined, registrationId: string, who: TestAccount) {
  const pass = mail?.attachments.find((a) => a.filename === 'pass.png');
  expect(pass?.contentType).toBe('image/png');
  expect(pass?.cid).toBe(PASS_CID);
  // As sent, the picture is named by its content id (the mail reader here puts the picture itself in its place).
  const [sent] = await t.app.db
    .select()
    .from(outboxMessage)
    .where(eq(outboxMessage.to, who.email))
    .orderBy(desc(outboxMessage.createdAt))
    .limit(1);
  expect(sent?.html).toContain(`src="cid:${PASS_CID}"`);
  expect(mail?.html).toContain('Show this code at the door');
  expect(mail?.text).toContain('Show this code at the door');
  const { token } = await (await call(t, 'GET', `/api/register/${registrationId}/pass`, undefined, who.auth)).json();
  expect(token).toMatch(/^hh1\./);
  expect(pass?.content.equals(await QRCode.toBuffer(token, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8 }))).toBe(true);
}

const queued = (kind: string, to: string) =>
  t.app.db
    .select()
    .from(outboxMessage)
    .where(and(eq(outboxMessage.kind, kind), eq(outboxMessage.to, to)));

describe('registration confirmed', () => {
  it('sends one message with the date in words, a link to My Events, unsubscribe headers and the event as a calendar file', async () => {
    const who = await signUp(t, { name: 'Rita Register' });
    // Not UTC, and half an hour off it: the calendar file must place the event where the charity is.
    const settings = await (await t.api('/api/site')).json();
    expect((await call(t, 'PUT', '/api/site', { ...settings, timeZone: 'Asia/Kolkata' }, admin.auth)).status).toBe(200);
    const event = await insertEvent(t.app.db, {
      title: 'Riverside Clean-up, Spring',
      date: '2099-05-16',
      time: '09:30',
      endAt: '2099-05-16 12:00:00',
      location: 'Boathouse, River Road',
    });
    const id = await register(who, event.id);

    const [mail, ...more] = await smtp.mailTo(who.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('You are registered: Riverside Clean-up, Spring, Saturday 16 May 2099, 9:30 am');
    for (const body of [mail?.text ?? '', mail?.html ?? '']) {
      expect(body).toContain('Rita Register');
      expect(body).toContain('Saturday 16 May 2099, 9:30 am');
      expect(body).toContain(`${publicUrl}/dashboard/myEvents`);
      expect(body).toContain('Helping Hands');
    }
    expect(mail?.html).toContain(`${publicUrl}/images/logo-email.png`);

    // RFC 8058 one-click unsubscribe, from events only, for this account.
    const unsubscribe = mail?.header('list-unsubscribe') ?? '';
    expect(unsubscribe).toMatch(new RegExp(`^<${publicUrl}/api/mail/unsubscribe\\?token=[\\w.-]+>$`));
    expect(mail?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const token = new URL(unsubscribe.slice(1, -1)).searchParams.get('token') ?? '';
    expect(readUnsubscribeToken(token, t.app.auth.options.secret)).toEqual({ accountId: who.id, topic: 'events' });
    expect(readUnsubscribeToken('another secret that is long enough to sign', token)).toBeNull();
    expect(mail?.text).toContain(unsubscribe.slice(1, -1));

    const attachments = mail?.attachments ?? [];
    expect(attachments.map((a) => a.filename).sort()).toEqual(['event.ics', 'pass.png']);
    const ics = attachments.find((a) => a.filename === 'event.ics');
    await expectPass(mail, id, who);
    expect(ics?.filename).toBe('event.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const file = ics?.content.toString('utf8') ?? '';
    // Lines of at most 75 octets, folded beyond (RFC 5545 section 3.1).
    expect(file.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const { lines, event: vevent } = readCalendar(file);
    const timeZone = 'Asia/Kolkata';
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(vevent).toMatchObject({
      UID: `registration-${id}@${new URL(publicUrl).hostname}`,
      // The event's wall-clock times in the site's time zone, as UTC instants.
      DTSTART: utcStamp(instantOf('2099-05-16T09:30', timeZone)),
      DTEND: utcStamp(instantOf('2099-05-16T12:00', timeZone)),
      SUMMARY: 'Riverside Clean-up\\, Spring',
      LOCATION: 'Boathouse\\, River Road',
      URL: `${publicUrl}/eventDetails/${event.id}`,
    });
    expect(vevent.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    // As a calendar program reads it.
    expect(parseCalendar(file).entries).toEqual([
      expect.objectContaining({
        summary: 'Riverside Clean-up, Spring',
        location: 'Boathouse, River Road',
        start: instantOf('2099-05-16T09:30', timeZone).toISOString(),
        end: instantOf('2099-05-16T12:00', timeZone).toISOString(),
      }),
    ]);
    expect(vevent.DESCRIPTION).toContain(event.desc);

    expect(await queued('registration-confirmed', who.email)).toEqual([
      expect.objectContaining({ key: `registration-confirmed:${id}`, status: 'sent' }),
    ]);
  });

  it('gives the person moved up from the waitlist their pass too, and the waitlisted none yet', async () => {
    const event = await insertEvent(t.app.db, { title: 'Allotment Day', capacity: 1, date: '2099-06-01' });
    const first = await signUp(t);
    const waiting = await signUp(t);
    const firstId = await register(first, event.id);
    const waitingId = await register(waiting, event.id);
    const [onTheList] = await smtp.mailTo(waiting.email, { subject: /waitlist/ });
    expect(onTheList?.attachments).toEqual([]);
    expect((await call(t, 'DELETE', `/api/register/${firstId}`, undefined, first.auth)).status).toBe(200);
    const [place] = await smtp.mailTo(waiting.email, { subject: /You have a place/ });
    expect(place?.attachments.map((a) => a.filename)).toEqual(['pass.png']);
    await expectPass(place, waitingId, waiting);
  });

  it('gives an event without a time an all-day entry', async () => {
    const who = await signUp(t);
    const event = await insertEvent(t.app.db, { title: 'Coat Drive', date: '2099-12-05' });
    await register(who, event.id);
    const [mail] = await smtp.mailTo(who.email);
    expect(mail?.text).toContain('Saturday 5 December 2099');
    const { event: vevent } = readCalendar(mail?.attachments.find((a) => a.filename === 'event.ics')?.content.toString('utf8') ?? '');
    expect(vevent['DTSTART;VALUE=DATE']).toBe('20991205');
    expect(vevent['DTEND;VALUE=DATE']).toBe('20991206');
    expect(vevent.DTSTART).toBeUndefined();
  });

  it('queues nothing for a registration refused: a second one, or for an event that has taken place', async () => {
    const who = await signUp(t);
    const event = await insertEvent(t.app.db);
    await register(who, event.id);
    expect((await call(t, 'POST', '/api/register', { eventId: event.id }, who.auth)).status).toBe(409);
    const past = await insertEvent(t.app.db, { inDays: -3 });
    expect((await call(t, 'POST', '/api/register', { eventId: past.id }, who.auth)).status).toBe(409);
    expect(await queued('registration-confirmed', who.email)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await smtp.mailTo(who.email)).toHaveLength(1);
  });
});

describe('registration cancelled', () => {
  it('tells the person when they cancel, and says so when the organisers did', async () => {
    const who = await signUp(t, { name: 'Carl Cancel' });
    const first = await insertEvent(t.app.db, { title: 'Food Bank Shift', date: '2099-03-02' });
    const second = await insertEvent(t.app.db, { title: 'Park Litter Pick', date: '2099-03-09' });
    const mine = await register(who, first.id);
    const theirs = await register(who, second.id);
    await smtp.mailTo(who.email, { count: 2 });

    expect(await (await call(t, 'DELETE', `/api/register/${mine}`, undefined, who.auth)).json()).toEqual({ deletedCount: 1 });
    const [, , cancelled] = await smtp.mailTo(who.email, { count: 3 });
    expect(cancelled?.subject).toBe('Registration cancelled: Food Bank Shift, Monday 2 March 2099');
    expect(cancelled?.text).toContain('You have cancelled your registration for Food Bank Shift on Monday 2 March 2099.');
    expect(cancelled?.text).toContain(`${publicUrl}/eventDetails/${first.id}`);
    expect(cancelled?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    expect(await (await call(t, 'DELETE', `/api/register/${theirs}`, undefined, admin.auth)).json()).toEqual({ deletedCount: 1 });
    const [, , , byAdmin] = await smtp.mailTo(who.email, { count: 4 });
    expect(byAdmin?.text).toContain('The organisers have cancelled your registration for Park Litter Pick');

    // Cancelling again removes nothing and sends nothing.
    expect(await (await call(t, 'DELETE', `/api/register/${mine}`, undefined, who.auth)).json()).toEqual({ deletedCount: 0 });
    expect(await queued('registration-cancelled', who.email)).toHaveLength(2);
  });

  it("sends nothing when someone is refused cancelling another's registration", async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const id = await register(owner, (await insertEvent(t.app.db)).id);
    expect((await call(t, 'DELETE', `/api/register/${id}`, undefined, stranger.auth)).status).toBe(403);
    expect(await queued('registration-cancelled', owner.email)).toEqual([]);
  });
});

describe('the event-updates preference', () => {
  it('stops the messages about a person’s events: no confirmation, no cancellation, no new date', async () => {
    const who = await signUp(t, { name: 'Quinn Quiet' });
    const off = await call(t, 'PUT', '/api/users/me/email-preferences', { reminders: true, events: false, notices: false }, who.auth);
    expect(off.status).toBe(200);
    const event = await insertEvent(t.app.db, { date: '2099-06-01' });
    const id = await register(who, event.id);
    const { title, desc, banner } = event;
    const moved = await call(t, 'PUT', `/api/events/${event.id}`, { title, desc, banner, date: '2099-06-02' }, admin.auth);
    expect(moved.status).toBe(200);
    expect((await call(t, 'DELETE', `/api/register/${id}`, undefined, who.auth)).status).toBe(200);
    const mine = await t.app.db.select().from(outboxMessage).where(eq(outboxMessage.to, who.email));
    expect(mine.map((m) => m.kind)).toEqual(['verify-email']);
  });
});
