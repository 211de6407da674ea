import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessage } from '../../db/schema.ts';
import { dayFrom } from '../../db/seed.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { mailingApp } from './../../test/mailing-app.ts';
import type { SmtpStandIn } from '../../test/smtp-stand-in.ts';
import type { TestApp } from '../../test/test-app.ts';

let smtp: SmtpStandIn;
let t: TestApp;
let admin: TestAccount;

mailingApp((started) => ({ smtp, t, admin } = started), { people: { admin: { role: 'admin' } } });

type EventRow = Awaited<ReturnType<typeof insertEvent>>;

/** An event with `count` people registered, each of whom has had their confirmation. */
async function eventWithPeople(count: number, fields: Parameters<typeof insertEvent>[1] = {}) {
  const event = await insertEvent(t.app.db, fields);
  const people: TestAccount[] = [];
  for (let i = 0; i < count; i += 1) {
    const who = await signUp(t);
    expect((await call(t, 'POST', '/api/register', { eventId: event.id }, who.auth)).status).toBe(201);
    people.push(who);
  }
  for (const who of people) await smtp.mailTo(who.email);
  return { event, people };
}

const save = (event: EventRow, changes: { title?: string; date?: string }) =>
  call(
    t,
    'PUT',
    `/api/events/${event.id}`,
    { title: event.title, desc: event.desc, banner: event.banner, date: event.date, ...changes },
    admin.auth,
  );

const queuedFor = (kind: string, eventId: string) =>
  t.app.db
    .select()
    .from(outboxMessage)
    .where(and(eq(outboxMessage.kind, kind), like(outboxMessage.key, `${kind}:${eventId}:%`)));

const mailOf = (who: TestAccount, subject: RegExp) => smtp.received.filter((m) => m.to.includes(who.email) && subject.test(m.subject));

describe('an admin changing an event', () => {
  it('tells each person registered, once per change of date or time, and nobody of a change of title', async () => {
    const { event, people } = await eventWithPeople(3, { title: 'Harbour Clean-up', date: '2099-06-06' });

    expect((await save(event, { date: '2099-06-13' })).status).toBe(200);
    for (const who of people) {
      const [mail] = await smtp.mailTo(who.email, { count: 2 }).then((all) => all.slice(1));
      expect(mail?.subject).toBe('New date: Harbour Clean-up is now on Saturday 13 June 2099');
      expect(mail?.text).toContain('It is now on Saturday 13 June 2099 (it was on Saturday 6 June 2099).');
      expect(mail?.text).toContain(`${t.config.publicUrl}/dashboard/myEvents`);
      expect(mail?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    }
    expect(await queuedFor('event-changed', event.id)).toHaveLength(3);

    // The title only: nobody is told.
    expect((await save(event, { title: 'Harbour Clean-up (bring gloves)', date: '2099-06-13' })).status).toBe(200);
    expect(await queuedFor('event-changed', event.id)).toHaveLength(3);

    // A time on the same day is a change too, and so is going back to the first date.
    const title = 'Harbour Clean-up (bring gloves)';
    expect((await save(event, { title, date: '2099-06-13T10:00' })).status).toBe(200);
    expect((await save(event, { title, date: '2099-06-06' })).status).toBe(200);
    expect(await queuedFor('event-changed', event.id)).toHaveLength(9);
    for (const who of people) {
      await smtp.mailTo(who.email, { count: 4 });
      expect(mailOf(who, /^New date/).map((m) => m.subject)).toEqual([
        'New date: Harbour Clean-up is now on Saturday 13 June 2099',
        'New date: Harbour Clean-up (bring gloves) is now on Saturday 13 June 2099, 10:00 am',
        'New date: Harbour Clean-up (bring gloves) is now on Saturday 6 June 2099',
      ]);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const who of people) expect(await smtp.mailTo(who.email)).toHaveLength(4);
  });

  it('tells nobody when an event that has taken place is moved to another past day', async () => {
    const event = await insertEvent(t.app.db, { date: dayFrom(new Date(), -10) });
    expect((await save(event, { date: dayFrom(new Date(), -9) })).status).toBe(200);
    expect(await queuedFor('event-changed', event.id)).toEqual([]);
  });

  it('tells each person registered when the event is deleted, reading them before the registrations go', async () => {
    const { event, people } = await eventWithPeople(2, { title: 'Library Book Sale', date: '2099-09-19', time: '14:00' });
    const res = await call(t, 'DELETE', `/api/events/${event.id}`, undefined, admin.auth);
    expect(await res.json()).toEqual({ deletedCount: 1 });
    for (const who of people) {
      const [, mail] = await smtp.mailTo(who.email, { count: 2 });
      expect(mail?.subject).toBe('Cancelled: Library Book Sale, Saturday 19 September 2099, 2:00 pm');
      expect(mail?.text).toContain(
        'The organisers have cancelled Library Book Sale, which was to take place on Saturday 19 September 2099, 2:00 pm.',
      );
      expect(mail?.header('list-unsubscribe')).toMatch(/^<.+\/api\/mail\/unsubscribe\?token=/);
    }
    expect(await queuedFor('event-deleted', event.id)).toHaveLength(2);
    // Deleting it again deletes nothing and tells nobody.
    expect(await (await call(t, 'DELETE', `/api/events/${event.id}`, undefined, admin.auth)).json()).toEqual({ deletedCount: 0 });
    expect(await queuedFor('event-deleted', event.id)).toHaveLength(2);
  });

  it('queues nothing for a change or deletion that is refused', async () => {
    const { event, people } = await eventWithPeople(1);
    const [who] = people;
    const other = await signUp(t);
    expect((await call(t, 'DELETE', `/api/events/${event.id}`, undefined, other.auth)).status).toBe(403);
    expect((await save(event, { date: '' })).status).toBe(400);
    expect(await queuedFor('event-deleted', event.id)).toEqual([]);
    expect(await queuedFor('event-changed', event.id)).toEqual([]);
    expect(who && (await smtp.mailTo(who.email))).toHaveLength(1);
  });
});
