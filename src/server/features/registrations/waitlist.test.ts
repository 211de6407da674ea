import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessage, registration } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { mailingApp } from './../../test/mailing-app.ts';
import type { SmtpStandIn } from '../../test/smtp-stand-in.ts';
import type { TestApp } from '../../test/test-app.ts';

let smtp: SmtpStandIn;
let t: TestApp;
let admin: TestAccount;

mailingApp((started) => ({ smtp, t, admin } = started), { people: { admin: { role: 'admin' } } });

async function register(who: TestAccount, eventId: string) {
  const res = await call(t, 'POST', '/api/register', { eventId }, who.auth);
  expect(res.status).toBe(201);
  return (await res.json()) as { insertedId: string; status: string; position: number | null };
}

/** Each registration of an event as stored, waitlist in order. */
const placesOf = (eventId: string) =>
  t.app.db
    .select({ id: registration.id, accountId: registration.accountId, status: registration.status, position: registration.position })
    .from(registration)
    .where(eq(registration.eventId, eventId))
    .orderBy(asc(registration.status), asc(registration.position));

const waitlisted = async (eventId: string) => (await placesOf(eventId)).filter((r) => r.status === 'waitlisted');

async function people(n: number): Promise<TestAccount[]> {
  const made: TestAccount[] = [];
  for (let i = 0; i < n; i += 1) made.push(await signUp(t));
  return made;
}

const eventBody = (fields: Record<string, unknown>) => ({
  title: 'Harbour Litter Pick',
  desc: 'Gloves and bags provided.',
  banner: '/images/events/food-bank.svg',
  date: '2099-06-01T09:00',
  ...fields,
});

describe('capacity and the waitlist', () => {
  let crowd: TestAccount[];
  let eventId: string;

  beforeAll(async () => {
    crowd = await people(50);
    eventId = (await insertEvent(t.app.db, { title: 'Allotment Open Day', date: '2099-07-04', capacity: 10 })).id;
  });

  it('50 registrations at once for 10 places give exactly 10 places and a waitlist numbered 1 to 40', async () => {
    const started = performance.now();
    const answers = await Promise.all(crowd.map((who) => register(who, eventId)));
    const ms = performance.now() - started;
    console.info(
      `50 concurrent registrations (capacity 10) on the ${t.config.databaseUrl ? 'server' : 'embedded'} database: ${ms.toFixed(0)} ms`,
    );
    expect(answers.filter((a) => a.status === 'registered')).toHaveLength(10);
    expect(answers.filter((a) => a.status === 'registered').every((a) => a.position === null)).toBe(true);
    const positions = answers
      .filter((a) => a.status === 'waitlisted')
      .map((a) => a.position)
      .sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(positions).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const stored = await placesOf(eventId);
    expect(stored.filter((r) => r.status === 'registered')).toHaveLength(10);
    expect((await waitlisted(eventId)).map((r) => r.position)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));

    const shown = await (await t.api(`/api/events/${eventId}`)).json();
    expect(shown).toMatchObject({ capacity: 10, registered: 10, spotsLeft: 0, past: false });
  });

  it('a waitlisted registration carries its status and number; a place carries none', async () => {
    const [placed] = (await placesOf(eventId)).filter((r) => r.status === 'registered');
    const first = (await waitlisted(eventId))[0];
    const owner = (id: string | undefined) => crowd.find((c) => c.id === id)!;
    const mine = await (
      await call(t, 'GET', `/api/register/event/${owner(first?.accountId).email}`, undefined, owner(first?.accountId).auth)
    ).json();
    expect(mine).toEqual([
      expect.objectContaining({ eventId, status: 'waitlisted', position: 1, capacity: 10, location: null, end: null }),
    ]);
    const theirs = await (await call(t, 'GET', `/api/register/${placed?.id}`, undefined, admin.auth)).json();
    expect(theirs).toMatchObject({ status: 'registered', position: null });
  });

  it('the waitlist confirmation says the person waits, with their number', async () => {
    const first = (await waitlisted(eventId))[0];
    const who = crowd.find((c) => c.id === first?.accountId)!;
    const [mail] = await smtp.mailTo(who.email, { subject: /waitlist/ });
    expect(mail?.subject).toBe('You are on the waitlist: Allotment Open Day, number 1');
    expect(mail?.text).toContain('you are on the waitlist: number 1');
    expect(mail?.attachments).toEqual([]);
  });

  it('a cancelled place goes to number 1, who is emailed, and the rest move up to 1 to 38', async () => {
    const [placed] = (await placesOf(eventId)).filter((r) => r.status === 'registered');
    const before = await waitlisted(eventId);
    const first = before[0]!;
    const canceller = crowd.find((c) => c.id === placed?.accountId)!;
    // A waitlisted person cancelling moves those after them up too.
    const last = before[39]!;
    const lastPerson = crowd.find((c) => c.id === last.accountId)!;
    expect((await call(t, 'DELETE', `/api/register/${last.id}`, undefined, lastPerson.auth)).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/register/${placed?.id}`, undefined, canceller.auth)).status).toBe(200);

    const after = await placesOf(eventId);
    expect(after.filter((r) => r.status === 'registered')).toHaveLength(10);
    expect(after.find((r) => r.id === first.id)).toMatchObject({ status: 'registered', position: null });
    const still = await waitlisted(eventId);
    expect(still.map((r) => r.position)).toEqual(Array.from({ length: 38 }, (_, i) => i + 1));
    expect(still.map((r) => r.id)).toEqual(before.slice(1, 39).map((r) => r.id));

    const promoted = crowd.find((c) => c.id === first.accountId)!;
    const [mail] = await smtp.mailTo(promoted.email, { subject: /^You have a place/ });
    expect(mail?.subject).toBe('You have a place: Allotment Open Day');
    expect(mail?.text).toContain('you are now registered for Allotment Open Day');
    expect(mail?.text).toContain('/dashboard/myEvents');
  });

  it('cancelling a waitlisted registration renumbers those after it', async () => {
    const before = await waitlisted(eventId);
    const third = before[2]!;
    const who = crowd.find((c) => c.id === third.accountId)!;
    expect((await call(t, 'DELETE', `/api/register/${third.id}`, undefined, who.auth)).status).toBe(200);
    const after = await waitlisted(eventId);
    expect(after.map((r) => r.id)).toEqual([...before.slice(0, 2), ...before.slice(3)].map((r) => r.id));
    expect(after.map((r) => r.position)).toEqual(Array.from({ length: before.length - 1 }, (_, i) => i + 1));
    expect(await (await t.api(`/api/events/${eventId}`)).json()).toMatchObject({ registered: 10, spotsLeft: 0 });
  });

  it('refuses a capacity below the people already registered, with the count', async () => {
    const shown = await (await t.api(`/api/events/${eventId}`)).json();
    const res = await call(
      t,
      'PUT',
      `/api/events/${eventId}`,
      eventBody({ title: shown.title, date: shown.date, capacity: 9 }),
      admin.auth,
    );
    expect(res.status).toBe(409);
    const { error } = await res.json();
    expect(error.message).toBe('Capacity cannot be lower than the 10 people already registered');
    expect(error.fields).toEqual({ capacity: 'Capacity cannot be lower than the 10 people already registered' });
    expect(await (await t.api(`/api/events/${eventId}`)).json()).toMatchObject({ capacity: 10, registered: 10 });
  });

  it('a larger capacity gives the new places to the first people waiting, who are emailed', async () => {
    const before = await waitlisted(eventId);
    const shown = await (await t.api(`/api/events/${eventId}`)).json();
    const res = await call(
      t,
      'PUT',
      `/api/events/${eventId}`,
      eventBody({ title: shown.title, date: shown.date, capacity: '13' }),
      admin.auth,
    );
    expect(res.status).toBe(200);
    const after = await placesOf(eventId);
    for (const moved of before.slice(0, 3))
      expect(after.find((r) => r.id === moved.id)).toMatchObject({ status: 'registered', position: null });
    expect((await waitlisted(eventId)).map((r) => r.id)).toEqual(before.slice(3).map((r) => r.id));
    expect((await waitlisted(eventId)).map((r) => r.position)).toEqual(Array.from({ length: before.length - 3 }, (_, i) => i + 1));
    expect(await (await t.api(`/api/events/${eventId}`)).json()).toMatchObject({ capacity: 13, registered: 13, spotsLeft: 0 });
    const third = crowd.find((c) => c.id === before[2]?.accountId)!;
    expect(await smtp.mailTo(third.email, { subject: /^You have a place/ })).toHaveLength(1);
  });

  it('deleting a registered person’s account gives their place to the first person waiting', async () => {
    const placed = (await placesOf(eventId)).filter((r) => r.status === 'registered');
    const before = await waitlisted(eventId);
    const gone = placed[0]!;
    expect((await call(t, 'DELETE', `/api/users/${gone.accountId}`, undefined, admin.auth)).status).toBe(200);
    const after = await placesOf(eventId);
    expect(after.find((r) => r.id === before[0]?.id)).toMatchObject({ status: 'registered', position: null });
    expect((await waitlisted(eventId)).map((r) => r.position)).toEqual(Array.from({ length: before.length - 1 }, (_, i) => i + 1));
    expect(after.filter((r) => r.status === 'registered')).toHaveLength(13);
  });

  it('a person who does not want event mail is moved up without a message', async () => {
    const before = await waitlisted(eventId);
    const next = crowd.find((c) => c.id === before[0]?.accountId)!;
    const off = await call(t, 'PUT', '/api/users/me/email-preferences', { reminders: true, events: false, notices: false }, next.auth);
    expect(off.status).toBe(200);
    const placed = (await placesOf(eventId)).filter((r) => r.status === 'registered');
    const leaver = crowd.find((c) => c.id === placed[0]?.accountId)!;
    expect((await call(t, 'DELETE', `/api/register/${placed[0]?.id}`, undefined, leaver.auth)).status).toBe(200);
    expect((await placesOf(eventId)).find((r) => r.id === before[0]?.id)).toMatchObject({ status: 'registered' });
    const sent = await t.app.db
      .select()
      .from(outboxMessage)
      .where(and(eq(outboxMessage.kind, 'waitlist-place'), eq(outboxMessage.to, next.email)));
    expect(sent).toEqual([]);
  });
});

describe('messages to people still waiting', () => {
  it('no day-before reminder (they have not been told to come), and a new date says they still wait', async () => {
    const [holder, waiter] = await people(2);
    const tomorrow = await insertEvent(t.app.db, { inDays: 1, title: 'Tomorrow’s Soup Run', time: '18:00', capacity: 1 });
    expect((await register(holder!, tomorrow.id)).status).toBe('registered');
    expect(await register(waiter!, tomorrow.id)).toMatchObject({ status: 'waitlisted', position: 1 });
    await t.app.reminders.runOnce();
    const reminded = async (who: TestAccount) =>
      t.app.db
        .select()
        .from(outboxMessage)
        .where(and(eq(outboxMessage.kind, 'event-reminder'), eq(outboxMessage.to, who.email)));
    expect(await reminded(holder!)).toHaveLength(1);
    expect(await reminded(waiter!)).toEqual([]);

    const moved = await call(
      t,
      'PUT',
      `/api/events/${tomorrow.id}`,
      { ...eventBody({ title: tomorrow.title }), date: '2099-08-01T18:00', capacity: 1 },
      admin.auth,
    );
    expect(moved.status).toBe(200);
    const [toWaiter] = await smtp.mailTo(waiter!.email, { subject: /^New date:/ });
    expect(toWaiter?.text).toContain('You are still on the waitlist, number 1');
    const [toHolder] = await smtp.mailTo(holder!.email, { subject: /^New date:/ });
    expect(toHolder?.text).toContain('You are still registered');
  });
});

describe('events that have taken place', () => {
  it('take no registrations: 409', async () => {
    const [who] = await people(1);
    const past = await insertEvent(t.app.db, { inDays: -1 });
    const res = await call(t, 'POST', '/api/register', { eventId: past.id }, who!.auth);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('This event has already taken place');
    expect(await placesOf(past.id)).toEqual([]);
  });

  it('take no donations: 409 for a payment intent', async () => {
    const [who] = await people(1);
    const past = await insertEvent(t.app.db, { inDays: -3 });
    const res = await call(t, 'POST', '/api/create-payment-intent', { eventId: past.id, attemptId: crypto.randomUUID() }, who!.auth);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('This event has already taken place');
  });
});
