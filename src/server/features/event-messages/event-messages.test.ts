import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EventMessage } from '../../../shared/event-messages.ts';
import { instantOf } from '../../../shared/time-zone.ts';
import { loadConfig } from '../../config.ts';
import { account, auditEntry, event, eventMessage, outboxMessage, registration } from '../../db/schema.ts';
import { enqueueMailMany } from '../../mail/registry.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertAccount, insertEvent, insertShift } from '../../test/factories.ts';
import { mailingApp, mailSettingsFor } from '../../test/mailing-app.ts';
import type { SmtpStandIn } from '../../test/smtp-stand-in.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { sendDueMessages, sourceOf } from './service.ts';

let smtp: SmtpStandIn;
let t: TestApp;
let admin: TestAccount;
let volunteer: TestAccount;

// The job looks once an hour here: each test runs it when it means to (`sendDueMessages`), or a message
// written to go now wakes it.
mailingApp((started) => ({ smtp, t, admin, volunteer } = started), {
  mail: { messageCheckMs: 60 * 60_000 },
  people: { admin: { role: 'admin', name: 'Ada Admin' }, volunteer: { role: 'volunteer' } },
});

const HOUR = 3_600_000;

type Person = Awaited<ReturnType<typeof insertAccount>>;

async function registerDirectly(
  who: Person,
  eventId: string,
  fields: { shiftId?: string; status?: 'registered' | 'waitlisted'; checkedIn?: boolean } = {},
) {
  await t.app.db.insert(registration).values({
    accountId: who.id,
    eventId,
    shiftId: fields.shiftId ?? null,
    name: who.name,
    email: who.email,
    role: who.role,
    status: fields.status ?? 'registered',
    position: fields.status === 'waitlisted' ? 1 : null,
    checkedInAt: fields.checkedIn ? new Date() : null,
  });
}

/**
 * An event staffed by two shifts and its people: `in` (registered on the morning shift, checked in),
 * `absent` (registered on the morning shift, not checked in), `waiting` (waitlisted on the morning shift),
 * `afternoon` (registered on the afternoon shift only), `both` (registered on both shifts) and `quiet`
 * (registered on the morning shift, event updates turned off).
 */
async function eventWithPeople() {
  const party = await insertEvent(t.app.db, { inDays: 3, title: 'River clean-up' });
  const morning = await insertShift(t.app.db, party, { role: 'Litter picker', at: 9 });
  const afternoon = await insertShift(t.app.db, party, { role: 'Sorter', at: 13 });
  const people = {
    in: await insertAccount(t.app.db, { name: 'Ina In' }),
    absent: await insertAccount(t.app.db, { name: 'Abe Absent' }),
    waiting: await insertAccount(t.app.db, { name: 'Wren Waiting', language: 'bn' }),
    afternoon: await insertAccount(t.app.db, { name: 'Ava Afternoon' }),
    both: await insertAccount(t.app.db, { name: 'Bo Both' }),
    quiet: await insertAccount(t.app.db, { name: 'Quinn Quiet', emailEvents: false }),
  };
  await registerDirectly(people.in, party.id, { shiftId: morning.id, checkedIn: true });
  await registerDirectly(people.absent, party.id, { shiftId: morning.id });
  await registerDirectly(people.waiting, party.id, { shiftId: morning.id, status: 'waitlisted' });
  await registerDirectly(people.afternoon, party.id, { shiftId: afternoon.id });
  await registerDirectly(people.both, party.id, { shiftId: morning.id });
  await registerDirectly(people.both, party.id, { shiftId: afternoon.id });
  await registerDirectly(people.quiet, party.id, { shiftId: morning.id });
  return { party, morning, afternoon, people };
}

const write = (eventId: string, body: Record<string, unknown>, who = admin) =>
  call(t, 'POST', `/api/events/${eventId}/messages`, body, who.auth);

/** The addresses of a message's copies in the outbox. */
async function copiesOf(messageId: string) {
  const rows = await t.app.db
    .select({ to: outboxMessage.to, key: outboxMessage.key })
    .from(outboxMessage)
    .where(eq(outboxMessage.source, sourceOf(messageId)));
  return rows.map((row) => row.to).sort();
}

async function history(eventId: string): Promise<EventMessage[]> {
  const res = await call(t, 'GET', `/api/events/${eventId}/messages`, undefined, admin.auth);
  expect(res.status).toBe(200);
  return res.json();
}

const message = {
  subject: 'Meet at the north gate',
  body: 'The river path is closed.\n\nMeet at the north gate: https://example.org/map.',
};

describe('writing to an event’s people', () => {
  it('reaches exactly each audience’s people, once each, without those who turned event updates off', async () => {
    const { party, morning, people } = await eventWithPeople();
    const emails = (...who: Person[]) => who.map((p) => p.email).sort();
    const expected = {
      everyone: { to: emails(people.in, people.absent, people.waiting, people.afternoon, people.both), leftOut: 1 },
      registered: { to: emails(people.in, people.absent, people.afternoon, people.both), leftOut: 1 },
      waitlisted: { to: emails(people.waiting), leftOut: 0 },
      checkedIn: { to: emails(people.in), leftOut: 0 },
      notCheckedIn: { to: emails(people.absent, people.afternoon, people.both), leftOut: 1 },
    } as const;
    for (const [audience, { to, leftOut }] of Object.entries(expected)) {
      const reach = await call(t, 'GET', `/api/events/${party.id}/messages/audience?audience=${audience}`, undefined, admin.auth);
      expect(await reach.json(), audience).toEqual({ recipients: to.length, leftOut });
      const res = await write(party.id, { ...message, audience });
      expect(res.status, audience).toBe(201);
      const created = await res.json();
      expect(created.recipients, audience).toBe(to.length);
      await sendDueMessages(t.app.db);
      expect(await copiesOf(created._id), audience).toEqual(to);
    }
    // One shift: the morning's waitlisted and its registered not checked in.
    const morningWaiting = await write(party.id, { ...message, audience: 'waitlisted', shiftId: morning.id });
    const morningAbsent = await write(party.id, { ...message, audience: 'notCheckedIn', shiftId: morning.id });
    await sendDueMessages(t.app.db);
    expect(await copiesOf((await morningWaiting.json())._id)).toEqual(emails(people.waiting));
    expect(await copiesOf((await morningAbsent.json())._id)).toEqual(emails(people.absent, people.both));

    const listed = await history(party.id);
    expect(listed).toHaveLength(7);
    expect(listed[0]).toMatchObject({
      audience: 'notCheckedIn',
      shift: { role: 'Litter picker' },
      status: 'sent',
      recipients: 2,
      leftOut: 1,
    });
    expect(listed.at(-1)).toMatchObject({
      audience: 'everyone',
      shiftId: null,
      shift: null,
      author: { name: 'Ada Admin', email: admin.email },
      status: 'sent',
      recipients: 5,
      leftOut: 1,
    });
  });

  it('counts someone checked in to one of their shifts as come: not among those who did not, for the whole event', async () => {
    const party = await insertEvent(t.app.db, { inDays: 3 });
    const morning = await insertShift(t.app.db, party, { role: 'Setup', at: 8 });
    const evening = await insertShift(t.app.db, party, { role: 'Clear-up', at: 18 });
    const split = await insertAccount(t.app.db, { name: 'Sam Split' });
    const missing = await insertAccount(t.app.db, { name: 'Mo Missing' });
    await registerDirectly(split, party.id, { shiftId: morning.id, checkedIn: true });
    await registerDirectly(split, party.id, { shiftId: evening.id });
    await registerDirectly(missing, party.id, { shiftId: evening.id });
    const reach = async (query: string) =>
      (await call(t, 'GET', `/api/events/${party.id}/messages/audience?${query}`, undefined, admin.auth)).json();
    expect(await reach('audience=checkedIn')).toEqual({ recipients: 1, leftOut: 0 });
    expect(await reach('audience=notCheckedIn')).toEqual({ recipients: 1, leftOut: 0 });
    // Of the evening shift alone, neither came.
    expect(await reach(`audience=notCheckedIn&shiftId=${evening.id}`)).toEqual({ recipients: 2, leftOut: 0 });
    const created = await (await write(party.id, { ...message, audience: 'notCheckedIn' })).json();
    await sendDueMessages(t.app.db);
    expect(await copiesOf(created._id)).toEqual([missing.email]);
  });

  it('addresses each copy by name, in the person’s language for the product’s words, with the text safe and its links, and the event-updates unsubscribe', async () => {
    const party = await insertEvent(t.app.db, { inDays: 3, title: 'Harvest supper' });
    const english = await insertAccount(t.app.db, { name: 'Eve English' });
    const bengali = await insertAccount(t.app.db, { name: 'Bina Bengali', language: 'bn' });
    await registerDirectly(english, party.id);
    await registerDirectly(bengali, party.id);
    const body = 'Bring a torch <b>tonight</b>.\nThe gate shuts at 9.\n\nDetails: https://example.org/supper?a=1&b=2.';
    const res = await write(party.id, { subject: 'Torches, please', body, audience: 'registered' });
    expect(res.status).toBe(201);
    // Nobody runs the job: the message to go now wakes it.
    const [mail] = await smtp.mailTo(english.email, { count: 1, subject: /^Torches, please$/ });
    expect(mail?.text).toContain('Hello Eve English,');
    expect(mail?.text).toContain('Bring a torch <b>tonight</b>.');
    expect(mail?.html).toContain('Bring a torch &lt;b&gt;tonight&lt;/b&gt;.<br/>The gate shuts at 9.');
    expect(mail?.html).toContain('<a href="https://example.org/supper?a=1&amp;b=2"');
    expect(mail?.html).not.toContain('<b>tonight');
    expect(mail?.text).toContain('Ada Admin, for');
    expect(mail?.header('list-unsubscribe')).toMatch(/\/api\/mail\/unsubscribe\?token=[^.]+\.events\./);
    expect(mail?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const [other] = await smtp.mailTo(bengali.email, { count: 1, subject: /^Torches, please$/ });
    expect(other?.text).toContain('প্রিয় Bina Bengali,');
    expect(other?.text).toContain('Bring a torch <b>tonight</b>.');
  });

  it('sends a test to its author only, marked as a test', async () => {
    const { party, people } = await eventWithPeople();
    const res = await call(t, 'POST', `/api/events/${party.id}/messages/test`, message, admin.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ to: admin.email });
    const [mail] = await smtp.mailTo(admin.email, { count: 1, subject: /^\[Test\] Meet at the north gate$/ });
    expect(mail?.text).toContain('only you received it');
    const toPeople = await t.app.db.select({ id: outboxMessage.id }).from(outboxMessage).where(eq(outboxMessage.to, people.in.email));
    expect(toPeople).toEqual([]);
    expect(await history(party.id)).toEqual([]);
  });

  it('refuses bad input with 400 naming the field, and an unknown event with 404', async () => {
    const { party } = await eventWithPeople();
    const other = await insertEvent(t.app.db);
    const otherShift = await insertShift(t.app.db, other);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...message, subject: '  ' }, 'subject', 'Subject is required'],
      [{ ...message, body: '' }, 'body', 'Message is required'],
      [
        { ...message, audience: 'volunteers' },
        'audience',
        'Audience must be one of registered, waitlisted, checkedIn, notCheckedIn, everyone',
      ],
      [{ ...message, audience: 'registered', shiftId: otherShift.id }, 'shiftId', 'This event has no such shift'],
      [{ ...message, audience: 'registered', shiftId: 'not-a-shift' }, 'shiftId', 'This event has no such shift'],
      [
        { ...message, audience: 'registered', sendAt: new Date(Date.now() - 2 * HOUR).toISOString() },
        'sendAt',
        'Choose a time in the future to send it',
      ],
      [{ ...message, audience: 'registered', sendAt: 'tomorrow' }, 'sendAt', 'Send at must be a date and time (ISO 8601)'],
    ];
    for (const [body, field, text] of cases) {
      const res = await write(party.id, body);
      expect(res.status, field).toBe(400);
      expect((await res.json()).error.fields?.[field], field).toBe(text);
    }
    const reach = await call(
      t,
      'GET',
      `/api/events/${party.id}/messages/audience?audience=registered&shiftId=${otherShift.id}`,
      undefined,
      admin.auth,
    );
    expect(reach.status).toBe(400);
    expect(await history(party.id)).toEqual([]);
    expect((await write(randomUUID(), { ...message, audience: 'registered' })).status).toBe(404);
    expect((await call(t, 'GET', `/api/events/${randomUUID()}/messages`, undefined, admin.auth)).status).toBe(404);
    // Only admins write to an event's people.
    expect((await write(party.id, { ...message, audience: 'registered' }, volunteer)).status).toBe(403);
  });
});

describe('a message whose event is deleted', () => {
  it('goes with it: its copies not yet sent leave the outbox, those sent stay in its history', async () => {
    const party = await insertEvent(t.app.db, { inDays: 4 });
    const created = await (
      await write(party.id, { ...message, audience: 'everyone', sendAt: new Date(Date.now() + HOUR).toISOString() })
    ).json();
    const copy = (to: string, status: 'queued' | 'sent') => ({
      key: `${sourceOf(created._id)}:${to}`,
      kind: 'event-message',
      to,
      subject: message.subject,
      html: '',
      text: '',
      status,
      source: sourceOf(created._id),
      // Not due for a day: the outbox leaves it where it is meanwhile.
      nextAttemptAt: new Date(Date.now() + 24 * HOUR),
    });
    await t.app.db.insert(outboxMessage).values([copy('waiting@example.org', 'queued'), copy('gone@example.org', 'sent')]);
    expect((await call(t, 'DELETE', `/api/events/${party.id}`, undefined, admin.auth)).status).toBe(200);
    expect(await copiesOf(created._id)).toEqual(['gone@example.org']);
    const [left] = await t.app.db.select({ id: eventMessage.id }).from(eventMessage).where(eq(eventMessage.id, created._id));
    expect(left).toBeUndefined();
  });
});

describe('a message whose author’s account is deleted', () => {
  it('stays in the event’s history under the author’s name, without their address', async () => {
    const party = await insertEvent(t.app.db);
    const author = await signUp(t, { role: 'admin', name: 'Lee Leaving' });
    expect((await write(party.id, { ...message, audience: 'everyone' }, author)).status).toBe(201);
    expect((await call(t, 'DELETE', '/api/users/me', { confirm: author.email }, author.auth)).status).toBe(200);
    const [kept] = await history(party.id);
    expect(kept?.author.name).toBe('Lee Leaving');
    expect(kept?.author.email).not.toBe(author.email);
    expect(kept?.author.email).toMatch(/deleted/);
  });
});

describe('a scheduled message', () => {
  it('goes once at its time, however often the job runs, and the history counts what was sent', async () => {
    const { party, people } = await eventWithPeople();
    const sendAt = new Date(Date.now() + 2 * HOUR);
    const res = await write(party.id, { ...message, audience: 'checkedIn', sendAt: sendAt.toISOString() });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toEqual({ _id: expect.any(String), recipients: 1, sendAt: sendAt.toISOString() });
    expect(await sendDueMessages(t.app.db)).toBe(0);
    expect((await history(party.id))[0]).toMatchObject({ status: 'scheduled', recipients: 1, sent: 0 });
    const later = new Date(sendAt.getTime() + 1000);
    expect(await sendDueMessages(t.app.db, later)).toBe(1);
    expect(await sendDueMessages(t.app.db, later)).toBe(0);
    await t.app.eventMessages.runOnce(later);
    expect(await copiesOf(created._id)).toEqual([people.in.email]);
    await smtp.mailTo(people.in.email, { count: 1, subject: /^Meet at the north gate$/ });
    await expect.poll(async () => (await history(party.id))[0]).toMatchObject({ status: 'sent', recipients: 1, sent: 1, failed: 0 });
    // Cancelling once it has gone: 409, and it stays sent.
    const cancel = await call(t, 'DELETE', `/api/events/${party.id}/messages/${created._id}`, undefined, admin.auth);
    expect(cancel.status).toBe(409);
    expect((await history(party.id))[0]?.status).toBe('sent');
  });

  it('left part-way by an instance that stopped, is finished by the next run without a second copy to anyone', async () => {
    const { party, people } = await eventWithPeople();
    const created = await (
      await write(party.id, { ...message, audience: 'registered', sendAt: new Date(Date.now() + HOUR).toISOString() })
    ).json();
    // As an instance leaves it: taken (`sending`) and one copy queued, then stopped.
    await t.app.db.update(eventMessage).set({ status: 'sending' }).where(eq(eventMessage.id, created._id));
    await enqueueMailMany(
      t.app.db,
      'event-message',
      [
        {
          messageId: created._id,
          accountId: people.in.id,
          to: people.in.email,
          name: people.in.name,
          event: { id: party.id, title: party.title },
          author: 'Ada Admin',
          subject: message.subject,
          body: message.body,
        },
      ],
      sourceOf(created._id),
    );
    expect(await sendDueMessages(t.app.db)).toBe(3);
    expect(await copiesOf(created._id)).toEqual([people.in.email, people.absent.email, people.afternoon.email, people.both.email].sort());
    expect((await history(party.id))[0]).toMatchObject({ status: 'sent', recipients: 4 });
  });

  it('cancelled before its time never goes, and the send and the cancel are in the audit log', async () => {
    const { party } = await eventWithPeople();
    const sendAt = new Date(Date.now() + HOUR);
    const created = await (
      await write(party.id, { ...message, subject: 'Postponed', audience: 'everyone', sendAt: sendAt.toISOString() })
    ).json();
    const res = await call(t, 'DELETE', `/api/events/${party.id}/messages/${created._id}`, undefined, admin.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ _id: created._id, status: 'cancelled', sent: 0 });
    expect(await sendDueMessages(t.app.db, new Date(sendAt.getTime() + HOUR))).toBe(0);
    expect(await copiesOf(created._id)).toEqual([]);
    expect((await call(t, 'DELETE', `/api/events/${party.id}/messages/${created._id}`, undefined, admin.auth)).status).toBe(409);
    expect((await call(t, 'DELETE', `/api/events/${party.id}/messages/${randomUUID()}`, undefined, admin.auth)).status).toBe(404);
    const other = await insertEvent(t.app.db);
    expect((await call(t, 'DELETE', `/api/events/${other.id}/messages/${created._id}`, undefined, admin.auth)).status).toBe(404);

    const entries = await t.app.db
      .select()
      .from(auditEntry)
      .where(and(eq(auditEntry.actorEmail, admin.email), eq(auditEntry.targetId, party.id), eq(auditEntry.action, 'message.send')));
    expect(entries.map((e) => e.details)).toContainEqual(
      expect.objectContaining({ message: created._id, audience: 'everyone', recipients: 5, sendAt: sendAt.toISOString() }),
    );
    const [cancelled] = await t.app.db
      .select()
      .from(auditEntry)
      .where(and(eq(auditEntry.action, 'message.cancel'), eq(auditEntry.targetId, created._id)));
    expect(cancelled).toMatchObject({ actorEmail: admin.email, targetLabel: `Postponed (${party.title})` });
  });

  it('does not hold up mail to one person: a test sent while its copies go out arrives before the rest of them', async () => {
    const party = await insertEvent(t.app.db, { inDays: 5 });
    const crowd = Array.from({ length: 30 }, (_, i) => ({
      id: randomUUID(),
      name: `Walker ${i}`,
      email: `walker${i}-${randomUUID()}@example.org`,
    }));
    await t.app.db.insert(account).values(crowd);
    await t.app.db
      .insert(registration)
      .values(crowd.map((who) => ({ accountId: who.id, eventId: party.id, name: who.name, email: who.email })));
    // Each message takes the stand-in 100 ms: the 30 copies take 3 s to go.
    smtp.answerAfter(100);
    try {
      const created = await (await write(party.id, { ...message, subject: 'Thirty walkers', audience: 'registered' })).json();
      await sendDueMessages(t.app.db);
      // The first copy out (whichever person's: copies queued together go in no set order).
      await expect.poll(() => smtp.received.filter((mail) => mail.subject === 'Thirty walkers').length).toBeGreaterThan(0);
      const test = { subject: 'Ahead of the walkers', body: 'One person’s mail goes first.' };
      expect((await call(t, 'POST', `/api/events/${party.id}/messages/test`, test, admin.auth)).status).toBe(200);
      expect(await smtp.mailTo(admin.email, { subject: /^\[Test\] Ahead of the walkers$/ })).toHaveLength(1);
      const copiesBefore = smtp.received.filter((mail) => mail.subject === 'Thirty walkers').length;
      expect(copiesBefore).toBeLessThan(30);
      await expect.poll(async () => (await history(party.id)).find((m) => m._id === created._id)?.sent, { timeout: 20_000 }).toBe(30);
    } finally {
      smtp.answerAfter(0);
    }
  });

  it('to 2,000 people is accepted at once and queued once for each', async () => {
    const party = await insertEvent(t.app.db, { inDays: 5, title: 'City marathon' });
    const crowd = Array.from({ length: 2000 }, (_, i) => ({
      id: randomUUID(),
      name: `Runner ${i}`,
      email: `runner${i}-${randomUUID()}@example.org`,
    }));
    await t.app.db.insert(account).values(crowd);
    await t.app.db
      .insert(registration)
      .values(crowd.map((who) => ({ accountId: who.id, eventId: party.id, name: who.name, email: who.email, role: 'donator' as const })));
    // Queued, not delivered here (the bench measures delivery): the stand-in answers slowly meanwhile, and
    // the copies are dropped after, so the outbox does not spend the rest of the file sending them.
    smtp.answerAfter(5_000);
    let created: { _id: string; recipients: number } | undefined;
    try {
      const res = await write(party.id, { ...message, audience: 'registered', sendAt: new Date(Date.now() + HOUR).toISOString() });
      expect(res.status).toBe(201);
      created = await res.json();
      if (!created) throw new Error('no message');
      expect(created.recipients).toBe(2000);
      const later = new Date(Date.now() + 2 * HOUR);
      const [first, second] = await Promise.all([sendDueMessages(t.app.db, later), sendDueMessages(t.app.db, later)]);
      expect((first ?? 0) + (second ?? 0)).toBe(2000);
      const copies = await copiesOf(created._id);
      expect(copies).toHaveLength(2000);
      expect(new Set(copies).size).toBe(2000);
    } finally {
      if (created) await t.app.db.delete(outboxMessage).where(eq(outboxMessage.source, sourceOf(created._id)));
      smtp.answerAfter(0);
    }
  });
});

describe('the after-event messages', () => {
  /** When they go for an event whose last day is `day`: the next day at 10:00 on the site's clock. */
  async function expectedSendAt(day: string) {
    const { timeZone } = await (await call(t, 'GET', '/api/site')).json();
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return instantOf(`${next}T10:00`, timeZone);
  }
  const setAfter = (eventId: string, enabled: boolean) =>
    call(t, 'PUT', `/api/events/${eventId}/messages/after-event`, { enabled }, admin.auth);

  it('thank those who came and tell those who did not that they were missed, the day after, once each, in their language', async () => {
    const { party, people } = await eventWithPeople();
    const off = await call(t, 'GET', `/api/events/${party.id}/messages/after-event`, undefined, admin.auth);
    const sendAt = await expectedSendAt(party.date);
    expect(await off.json()).toEqual({ enabled: false, status: 'off', sendAt: sendAt.toISOString() });
    const on = await setAfter(party.id, true);
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ enabled: true, status: 'scheduled', sendAt: sendAt.toISOString() });
    expect((await setAfter(party.id, true)).status).toBe(200);
    const listed = await history(party.id);
    expect(listed.map((m) => [m.kind, m.audience, m.status]).sort()).toEqual([
      ['missedYou', 'notCheckedIn', 'scheduled'],
      ['thankYou', 'checkedIn', 'scheduled'],
    ]);
    expect(listed.find((m) => m.kind === 'thankYou')).toMatchObject({ subject: `Thank you for coming to ${party.title}`, recipients: 1 });

    // Not before their time, then once however often the job runs.
    expect(await sendDueMessages(t.app.db, new Date(sendAt.getTime() - 60_000))).toBe(0);
    const after = new Date(sendAt.getTime() + 60_000);
    expect(await sendDueMessages(t.app.db, after)).toBe(4);
    expect(await sendDueMessages(t.app.db, after)).toBe(0);
    const [thanks, missed] = [listed.find((m) => m.kind === 'thankYou'), listed.find((m) => m.kind === 'missedYou')];
    expect(await copiesOf(thanks?._id ?? '')).toEqual([people.in.email]);
    expect(await copiesOf(missed?._id ?? '')).toEqual([people.absent.email, people.afternoon.email, people.both.email].sort());
    const [mail] = await smtp.mailTo(people.in.email, { subject: /^Thank you for coming to / });
    expect(mail?.text).toContain(`Thank you for giving your time at ${party.title}.`);
    expect(mail?.header('list-unsubscribe')).toMatch(/\.events\./);
    expect((await smtp.mailTo(people.absent.email, { subject: /^We missed you at / })).length).toBe(1);
    expect((await call(t, 'GET', `/api/events/${party.id}/messages/after-event`, undefined, admin.auth).then((r) => r.json())).status).toBe(
      'sent',
    );
    // Gone: they cannot be turned off.
    expect((await setAfter(party.id, false)).status).toBe(409);
  });

  it('in the reader’s language: the product’s words in Bengali for someone who reads Bengali', async () => {
    const party = await insertEvent(t.app.db, { inDays: 2, title: 'নদীর পাড় পরিষ্কার' });
    const reader = await insertAccount(t.app.db, { name: 'রিনা', language: 'bn' });
    await registerDirectly(reader, party.id, { checkedIn: true });
    expect((await setAfter(party.id, true)).status).toBe(200);
    await sendDueMessages(t.app.db, new Date((await expectedSendAt(party.date)).getTime() + 60_000));
    const [mail] = await smtp.mailTo(reader.email, { subject: /নদীর পাড় পরিষ্কার-এ আসার জন্য ধন্যবাদ/ });
    expect(mail?.text).toContain('প্রিয় রিনা,');
  });

  it('follow the event when its date moves, and are off again when turned off before their time', async () => {
    const { party } = await eventWithPeople();
    expect((await setAfter(party.id, true)).status).toBe(200);
    const first = await expectedSendAt(party.date);
    const later = new Date(Date.parse(`${party.date}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    await t.app.db.update(event).set({ date: later }).where(eq(event.id, party.id));
    // At the first time nothing goes: the job moves them to the day after the new date.
    expect(await sendDueMessages(t.app.db, new Date(first.getTime() + 60_000))).toBe(0);
    const state = await (await call(t, 'GET', `/api/events/${party.id}/messages/after-event`, undefined, admin.auth)).json();
    expect(state).toEqual({ enabled: true, status: 'scheduled', sendAt: (await expectedSendAt(later)).toISOString() });
    const off = await setAfter(party.id, false);
    expect(await off.json()).toMatchObject({ enabled: false, status: 'off' });
    expect(await sendDueMessages(t.app.db, new Date(Date.parse(state.sendAt) + 60_000))).toBe(0);
    expect((await history(party.id)).map((m) => m.status)).toEqual(['cancelled', 'cancelled']);
    // On again: the same two, scheduled again.
    expect(await (await setAfter(party.id, true)).json()).toMatchObject({ enabled: true, status: 'scheduled' });
    expect((await history(party.id)).map((m) => m.status)).toEqual(['scheduled', 'scheduled']);
  });

  it('leave out the ‘missed you’ where nobody was checked in, and are refused a week after their time', async () => {
    const party = await insertEvent(t.app.db, { inDays: 1 });
    const came = await insertAccount(t.app.db);
    await registerDirectly(came, party.id);
    expect((await setAfter(party.id, true)).status).toBe(200);
    await sendDueMessages(t.app.db, new Date((await expectedSendAt(party.date)).getTime() + 60_000));
    const state = await (await call(t, 'GET', `/api/events/${party.id}/messages/after-event`, undefined, admin.auth)).json();
    expect(state.status).toBe('skipped');
    const listed = await history(party.id);
    expect(listed.find((m) => m.kind === 'missedYou')?.status).toBe('cancelled');
    for (const m of listed) expect(await copiesOf(m._id)).toEqual([]);

    const past = await insertEvent(t.app.db, { inDays: -10 });
    const refused = await setAfter(past.id, true);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe('The day after this event has passed: it is too late for the after-event messages');
    expect((await call(t, 'GET', `/api/events/${randomUUID()}/messages/after-event`, undefined, admin.auth)).status).toBe(404);
  });
});

// Several instances need a database server (the embedded database belongs to one process).
describe.runIf(loadConfig().databaseUrl)('two app instances on one database', () => {
  it('send a scheduled message once to each person, however their runs interleave', async () => {
    const second = await startTestApp({
      mail: mailSettingsFor(smtp.url, { messageCheckMs: 60 * 60_000 }),
      databaseUrl: t.config.databaseUrl,
    });
    try {
      const { party, people } = await eventWithPeople();
      const sendAt = new Date(Date.now() + HOUR);
      const created = await (
        await write(party.id, { ...message, subject: 'Both instances', audience: 'everyone', sendAt: sendAt.toISOString() })
      ).json();
      const later = new Date(sendAt.getTime() + 1000);
      await Promise.all([
        second.app.eventMessages.runOnce(later),
        sendDueMessages(second.app.db, later),
        sendDueMessages(t.app.db, later),
        t.app.eventMessages.runOnce(later),
      ]);
      expect(await copiesOf(created._id)).toHaveLength(5);
      for (const who of [people.in, people.absent, people.waiting, people.afternoon, people.both]) {
        expect(await smtp.mailTo(who.email, { count: 1, subject: /^Both instances$/ })).toHaveLength(1);
      }
      await expect.poll(async () => (await history(party.id))[0]).toMatchObject({ status: 'sent', sent: 5 });
      for (const who of [people.in, people.both]) expect(await smtp.mailTo(who.email, { subject: /^Both instances$/ })).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
