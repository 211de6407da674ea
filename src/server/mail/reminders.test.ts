import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverTimeZone } from '../../shared/time-zone.ts';
import { loadConfig, SITE_NAME } from '../config.ts';
import { event, outboxMessage } from '../db/schema.ts';
import { dayFrom } from '../db/seed.ts';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { mailingApp, mailSettingsFor } from './../test/mailing-app.ts';
import type { SmtpStandIn } from '../test/smtp-stand-in.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { queueReminders, tomorrow } from './reminders.ts';

let smtp: SmtpStandIn;
let t: TestApp;

const site = () => ({ name: SITE_NAME, publicUrl: t.config.publicUrl, timeZone: serverTimeZone() });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The job looks every 300 ms here (every five minutes by default).
mailingApp((started) => ({ smtp, t } = started), { mail: { reminderCheckMs: 300 } });

async function register(who: TestAccount, eventId: string): Promise<string> {
  const res = await call(t, 'POST', '/api/register', { eventId }, who.auth);
  expect(res.status).toBe(201);
  return (await res.json()).insertedId;
}

async function remindersOf(registrationId: string) {
  return t.app.db
    .select()
    .from(outboxMessage)
    .where(like(outboxMessage.key, `reminder:${registrationId}:%`));
}

const reminderMail = async (who: Pick<TestAccount, 'email'>) =>
  (await smtp.mailTo(who.email, { count: 0 })).filter((m) => m.subject.startsWith('Tomorrow:'));

/** The reminders `who` received, waiting up to 10 s for the first (their confirmation comes too). */
async function remindersFor(who: Pick<TestAccount, 'email'>) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = await reminderMail(who);
    if (mail.length > 0 || Date.now() > deadline) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the day-before reminder', () => {
  it('reaches everyone registered for an event tomorrow once, by the scheduled job alone, with the date in words and one-click unsubscribe', async () => {
    const day = tomorrow(new Date(), serverTimeZone());
    const party = await insertEvent(t.app.db, { inDays: 1, title: 'Beach clean-up', time: '09:30' });
    expect(party.date).toBe(day);
    const [ann, ben] = [await signUp(t, { name: 'Ann Reader' }), await signUp(t, { role: 'volunteer' })];
    const annRegistration = await register(ann!, party.id);
    await register(ben!, party.id);

    // Nobody calls the job: it runs on its own every 300 ms.
    const [mail] = await remindersFor(ann!);
    expect(mail?.subject).toBe('Tomorrow: Beach clean-up');
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const weekday = new Date(y, m - 1, d).toLocaleDateString('en-GB', { weekday: 'long' });
    const month = new Date(y, m - 1, d).toLocaleDateString('en-GB', { month: 'long' });
    expect(mail?.text).toContain(`${weekday} ${d} ${month} ${y}, 9:30 am`);
    expect(mail?.text).toContain('Hello Ann Reader');
    expect(mail?.html).toContain('Beach clean-up');
    expect(mail?.header('list-unsubscribe')).toMatch(/^<http:\/\/.+\/api\/mail\/unsubscribe\?token=[\w.-]+>$/);
    expect(mail?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await remindersFor(ben!)).toHaveLength(1);

    // More runs, scheduled and called, while the outbox keeps sending: still one each.
    expect(await t.app.reminders.runOnce()).toBe(0);
    expect(await queueReminders(t.app.db, site())).toBe(0);
    await pause(1000);
    expect(await reminderMail(ann!)).toHaveLength(1);
    expect(await reminderMail(ben!)).toHaveLength(1);
    expect((await remindersOf(annRegistration)).map((row) => [row.key, row.status])).toEqual([
      [`reminder:${annRegistration}:${day}`, 'sent'],
    ]);
  });

  it('queues each reminder once when two runs race', async () => {
    const party = await insertEvent(t.app.db, { inDays: 1 });
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => signUp(t)));
    const registrations: string[] = [];
    for (const who of people) registrations.push(await register(who, party.id));
    // Two runs at once, with the scheduled one perhaps a third: whichever gets there, each is queued once.
    const counts = await Promise.all([queueReminders(t.app.db, site()), queueReminders(t.app.db, site())]);
    expect(counts[0]! + counts[1]!).toBeLessThanOrEqual(5);
    for (const id of registrations) expect(await remindersOf(id)).toHaveLength(1);
    for (const who of people) expect(await remindersFor(who)).toHaveLength(1);
    await pause(800);
    for (const who of people) expect(await reminderMail(who)).toHaveLength(1);
  });

  it('reminds only the day before: not for an event today, nor one in two days', async () => {
    const person = await signUp(t);
    const today = await register(person, (await insertEvent(t.app.db, { inDays: 0 })).id);
    const later = await register(person, (await insertEvent(t.app.db, { inDays: 2 })).id);
    await t.app.reminders.runOnce();
    await pause(700);
    expect(await remindersOf(today)).toEqual([]);
    expect(await remindersOf(later)).toEqual([]);
    expect(await reminderMail(person)).toEqual([]);
  });

  it('sends none to someone who turned reminders off, and still to the others', async () => {
    const quiet = await signUp(t);
    const keen = await signUp(t);
    const off = await call(t, 'PUT', '/api/users/me/email-preferences', { reminders: false, events: true, notices: false }, quiet.auth);
    expect(off.status).toBe(200);
    const party = await insertEvent(t.app.db, { inDays: 1 });
    const quietRegistration = await register(quiet, party.id);
    await register(keen, party.id);
    expect(await remindersFor(keen)).toHaveLength(1);
    await t.app.reminders.runOnce();
    await pause(700);
    expect(await remindersOf(quietRegistration)).toEqual([]);
    expect(await reminderMail(quiet)).toEqual([]);
  });

  it('reminds again when the event moves to another day', async () => {
    const person = await signUp(t);
    const party = await insertEvent(t.app.db, { inDays: 10 });
    const registrationId = await register(person, party.id);
    const dayBefore = (date: string) => {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      return new Date(y, m - 1, d - 1, 8);
    };
    expect(await queueReminders(t.app.db, site(), dayBefore(party.date))).toBe(1);
    expect(await queueReminders(t.app.db, site(), dayBefore(party.date))).toBe(0);
    const moved = dayFrom(dayBefore(party.date), 5);
    await t.app.db.update(event).set({ date: moved }).where(eq(event.id, party.id));
    expect(await queueReminders(t.app.db, site(), dayBefore(moved))).toBe(1);
    expect((await remindersOf(registrationId)).map((row) => row.key).sort()).toEqual(
      [`reminder:${registrationId}:${party.date}`, `reminder:${registrationId}:${moved}`].sort(),
    );
  });
});

// Several instances need a database server (the embedded database belongs to one process).
describe.runIf(loadConfig().databaseUrl)('two app instances on one database', () => {
  it('send each reminder once, however their runs interleave', async () => {
    // A second app on the first one's database, with its own outbox worker and reminder job.
    const second = await startTestApp({
      mail: mailSettingsFor(smtp.url, { reminderCheckMs: 60 * 60_000 }),
      databaseUrl: t.config.databaseUrl,
    });
    try {
      expect(second.app.authSecret).toBe(t.app.authSecret);
      const party = await insertEvent(t.app.db, { inDays: 1 });
      const people = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signUp(t)));
      const registrations: string[] = [];
      for (const who of people) registrations.push(await register(who, party.id));
      const secondSite = { name: SITE_NAME, publicUrl: second.config.publicUrl, timeZone: serverTimeZone() };
      await Promise.all([
        second.app.reminders.runOnce(),
        queueReminders(second.app.db, secondSite),
        queueReminders(t.app.db, site()),
        t.app.reminders.runOnce(),
      ]);
      for (const who of people) expect(await remindersFor(who)).toHaveLength(1);
      await Promise.all([second.app.reminders.runOnce(), t.app.reminders.runOnce()]);
      await pause(1000);
      for (const who of people) expect(await reminderMail(who)).toHaveLength(1);
      for (const id of registrations) {
        const rows = await t.app.db
          .select()
          .from(outboxMessage)
          .where(and(like(outboxMessage.key, `reminder:${id}:%`), eq(outboxMessage.status, 'sent')));
        expect(rows).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });
});
