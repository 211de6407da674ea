import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkinMessages } from '../../../shared/checkin.ts';
import { instantOf } from '../../../shared/time-zone.ts';
import { passToken } from '../../auth/pass-token.ts';
import { event as eventTable, registration } from '../../db/schema.ts';
import { dayFrom } from '../../db/seed.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { readSiteSettings } from '../site/settings.ts';

let t: TestApp;
let admin: TestAccount;
let volunteer: TestAccount;
let donator: TestAccount;

sharedApp(
  { admin: { role: 'admin' }, volunteer: { role: 'volunteer' }, donator: {} },
  (started) => ({ t, admin, volunteer, donator } = started),
);

async function register(who: TestAccount, eventId: string): Promise<string> {
  const res = await call(t, 'POST', '/api/register', { eventId }, who.auth);
  expect(res.status).toBe(201);
  return (await res.json()).insertedId;
}

async function passOf(id: string, who: TestAccount = admin): Promise<string> {
  const res = await call(t, 'GET', `/api/register/${id}/pass`, undefined, who.auth);
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.registrationId).toBe(id);
  return body.token;
}

const checkIn = (body: Record<string, unknown>, who: TestAccount = admin) => call(t, 'POST', '/api/checkin', body, who.auth);

/**
 * An event going on now (begun yesterday, ending tomorrow night), so its door is open whatever the
 * hour the tests run at: the window itself is proved in checkin-window.test.ts.
 */
const goingOn = () => ({ inDays: -1, time: '09:00', endAt: `${dayFrom(new Date(), 1)} 23:00:00` });

/** A person registered for a new event going on now, with their pass. */
async function registeredPerson(options: { name?: string; eventFields?: Parameters<typeof insertEvent>[1] } = {}) {
  const person = await signUp(t, { name: options.name });
  const event = await insertEvent(t.app.db, options.eventFields ?? goingOn());
  const id = await register(person, event.id);
  return { person, event, id, token: await passOf(id) };
}

/** One character of `text` at `index` changed to another that base64url allows. */
function changedAt(text: string, index: number): string {
  const ch = text[index] === 'A' ? 'B' : 'A';
  return `${text.slice(0, index)}${ch}${text.slice(index + 1)}`;
}

describe('GET /api/register/{id}/pass', () => {
  it('gives the registrant and admins the same signed pass, and refuses everyone else', async () => {
    const { person, id, token } = await registeredPerson();
    expect(token).toMatch(/^hh1\.[\w-]{22}\.[\w-]{22}$/);
    expect(await passOf(id, person)).toBe(token);
    for (const who of [donator, volunteer]) {
      expect((await call(t, 'GET', `/api/register/${id}/pass`, undefined, who.auth)).status).toBe(403);
    }
    expect((await call(t, 'GET', `/api/register/${id}/pass`)).status).toBe(401);
    expect((await call(t, 'GET', `/api/register/${randomUUID()}/pass`, undefined, admin.auth)).status).toBe(404);
    expect((await call(t, 'GET', '/api/register/not-an-id/pass', undefined, person.auth)).status).toBe(404);
  });
});

describe('POST /api/checkin', () => {
  it('checks a person in from their pass once, and answers a second scan 409 with the first time', async () => {
    const { event, id, token } = await registeredPerson({ name: 'Dora Door' });
    const first = await checkIn({ eventId: event.id, token });
    expect(first.status).toBe(200);
    const recorded = await first.json();
    expect(recorded).toMatchObject({ registrationId: id, name: 'Dora Door', event: event.title, eventId: event.id });
    expect(Math.abs(Date.parse(recorded.checkedInAt) - Date.now())).toBeLessThan(60_000);

    const again = await checkIn({ eventId: event.id, token });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toEqual({
      code: 'conflict',
      message: checkinMessages.alreadyCheckedIn,
      reason: 'already-checked-in',
      checkedInAt: recorded.checkedInAt,
      registrationId: id,
      name: 'Dora Door',
    });
    const byId = await checkIn({ eventId: event.id, registrationId: id, key: randomUUID() });
    expect(byId.status).toBe(409);
    expect((await byId.json()).error.checkedInAt).toBe(recorded.checkedInAt);
  });

  it('refuses made-up and altered passes with 400 and records nothing', async () => {
    const { event, id, token } = await registeredPerson();
    const [version, idPart = '', macPart = ''] = token.split('.');
    const forgedForAnother = passToken(id, 'a secret that is not the app’s, long enough to sign');
    const altered = [
      forgedForAnother,
      `${version}.${idPart}.${changedAt(macPart, 5)}`,
      `${version}.${changedAt(idPart, 3)}.${macPart}`,
      `${version}.${idPart}.${macPart.slice(0, -1)}`,
      `hh2.${idPart}.${macPart}`,
      `${token}.more`,
      'not a pass at all',
      id,
    ];
    for (const bad of altered) {
      const res = await checkIn({ eventId: event.id, token: bad });
      expect(res.status, bad).toBe(400);
      const { error } = await res.json();
      expect(error.message).toBe(checkinMessages.badToken);
      expect(error.fields).toEqual({ token: checkinMessages.badToken });
    }
    const [row] = await t.app.db.select().from(registration).where(eq(registration.id, id));
    expect(row?.checkedInAt).toBeNull();
  });

  it('answers the same check-in sent again with the same key 200, as recorded the first time', async () => {
    const { event, id, token } = await registeredPerson();
    const key = randomUUID();
    const at = new Date(Date.now() - 3600_000).toISOString();
    const first = await checkIn({ eventId: event.id, token, key, at });
    expect(first.status).toBe(200);
    const recorded = await first.json();
    expect(recorded.checkedInAt).toBe(at);
    // The queue sends it again, a minute later, with the phone's own time of the scan.
    const replay = await checkIn({ eventId: event.id, token, key, at });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(recorded);
    const byName = await checkIn({ eventId: event.id, registrationId: id, key });
    expect(byName.status).toBe(200);
    expect((await byName.json()).checkedInAt).toBe(at);
    // Another phone's check-in of the same person is a second one: refused, with the first time.
    const otherPhone = await checkIn({ eventId: event.id, token, key: randomUUID() });
    expect(otherPhone.status).toBe(409);
    expect((await otherPhone.json()).error.checkedInAt).toBe(at);
  });

  it('counts the earlier scan when two phones checked the same person in, whichever arrived first', async () => {
    const { event, id, token } = await registeredPerson();
    const earlier = new Date(Date.now() - 20 * 60_000).toISOString();
    const later = new Date(Date.now() - 5 * 60_000).toISOString();
    const first = await checkIn({ eventId: event.id, token, key: randomUUID(), at: later });
    expect(first.status).toBe(200);
    // The earlier scan arrives second: it is the check-in that counts.
    const second = await checkIn({ eventId: event.id, token, key: randomUUID(), at: earlier });
    expect(second.status).toBe(200);
    expect((await second.json()).checkedInAt).toBe(earlier);
    const [row] = await t.app.db.select().from(registration).where(eq(registration.id, id));
    expect(row?.checkedInAt?.toISOString()).toBe(earlier);
    // A later scan arriving after changes nothing.
    const third = await checkIn({ eventId: event.id, token, key: randomUUID(), at: later });
    expect(third.status).toBe(409);
    expect((await third.json()).error).toMatchObject({ reason: 'already-checked-in', checkedInAt: earlier });
    expect((await t.app.db.select().from(registration).where(eq(registration.id, id)))[0]?.checkedInAt?.toISOString()).toBe(earlier);
  });

  it('records one of 20 check-ins of the same person sent at once, and refuses the other 19', async () => {
    const { event, id, token } = await registeredPerson();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        checkIn(i % 2 === 0 ? { eventId: event.id, token, key: randomUUID() } : { eventId: event.id, registrationId: id }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const bodies = await Promise.all(answers.map((res) => res.json()));
    const first = bodies.find((body) => body.checkedInAt && !body.error);
    for (const body of bodies.filter((b) => b.error)) {
      expect(body.error.reason).toBe('already-checked-in');
      expect(body.error.checkedInAt).toBe(first.checkedInAt);
    }
    const rows = await t.app.db.select().from(registration).where(eq(registration.id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.checkedInAt?.toISOString()).toBe(first.checkedInAt);
  });

  it('refuses a waitlisted person with 409 waitlisted', async () => {
    const event = await insertEvent(t.app.db, { ...goingOn(), capacity: 1 });
    await register(await signUp(t), event.id);
    const waiting = await signUp(t, { name: 'Wally Waiting' });
    const id = await register(waiting, event.id);
    const res = await checkIn({ eventId: event.id, token: await passOf(id) });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({
      code: 'conflict',
      reason: 'waitlisted',
      message: checkinMessages.waitlisted,
      checkedInAt: null,
      registrationId: id,
      name: 'Wally Waiting',
    });
    expect((await checkIn({ eventId: event.id, registrationId: id })).status).toBe(409);
  });

  it('refuses the valid pass of a cancelled registration with 409 cancelled, and an unknown id with 404', async () => {
    const { person, event, id, token } = await registeredPerson();
    expect((await call(t, 'DELETE', `/api/register/${id}`, undefined, person.auth)).status).toBe(200);
    const res = await checkIn({ eventId: event.id, token });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toEqual({
      code: 'conflict',
      reason: 'cancelled',
      message: checkinMessages.cancelled,
      checkedInAt: null,
      registrationId: null,
      name: null,
    });
    const unknown = await checkIn({ eventId: event.id, registrationId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe(checkinMessages.notFound);
  });

  it('refuses a pass or registration of another event at this door with 409, recording no check-in and no hours', async () => {
    // Registered while the event was still to come, then moved to yesterday morning (a registration for
    // it would itself be refused as past): it has taken place, so its hours count once checked in.
    const { person, event, id, token } = await registeredPerson({ name: 'Owen Other' });
    const yesterday = dayFrom(new Date(), -1);
    await t.app.db
      .update(eventTable)
      .set({ date: yesterday, time: '09:00', endAt: `${yesterday} 12:00:00` })
      .where(eq(eventTable.id, event.id));
    const door = await insertEvent(t.app.db, goingOn());
    const refusal = (message: string) => ({
      code: 'conflict',
      message,
      reason: 'other-event',
      checkedInAt: null,
      registrationId: id,
      name: 'Owen Other',
    });
    // Scanned at the wrong door, found by name there, or sent late from a phone's queue: none is recorded.
    const at = new Date(Date.now() - 600_000).toISOString();
    for (const [body, message] of [
      [{ token }, checkinMessages.otherEventPass],
      [{ token, key: randomUUID(), at }, checkinMessages.otherEventPass],
      [{ registrationId: id, key: randomUUID() }, checkinMessages.otherEventRegistration],
    ] as const) {
      const res = await checkIn({ eventId: door.id, ...body });
      expect(res.status).toBe(409);
      expect((await res.json()).error).toEqual(refusal(message));
    }
    // A door of no event at all is another event too.
    const nowhere = await checkIn({ eventId: randomUUID(), token });
    expect(nowhere.status).toBe(409);
    expect((await nowhere.json()).error.reason).toBe('other-event');

    const [row] = await t.app.db.select().from(registration).where(eq(registration.id, id));
    expect([row?.checkedInAt, row?.checkedInBy, row?.checkinKey]).toEqual([null, null, null]);
    const impact = await (await call(t, 'GET', `/api/impact/${encodeURIComponent(person.email)}`, undefined, admin.auth)).json();
    expect(impact.events).toEqual([]);
    expect(impact.hours.total).toBe(0);
    for (const eventId of [event.id, door.id]) {
      expect((await (await call(t, 'GET', `/api/events/${eventId}/checkins`, undefined, admin.auth)).json()).checkedIn).toBe(0);
    }

    // At its own door (kept on a phone during the event, sent now) the same pass is taken, and the wrong
    // door still refuses it afterwards.
    const { timeZone } = await readSiteSettings(t.app.db);
    const during = instantOf(`${yesterday}T10:00`, timeZone).toISOString();
    expect((await checkIn({ eventId: event.id, token, key: randomUUID(), at: during })).status).toBe(200);
    const later = await checkIn({ eventId: door.id, token, key: randomUUID() });
    expect(later.status).toBe(409);
    expect((await later.json()).error.reason).toBe('other-event');
    const counted = await (await call(t, 'GET', `/api/impact/${encodeURIComponent(person.email)}`, undefined, admin.auth)).json();
    expect(counted.events.map((e: { eventId: string }) => e.eventId)).toEqual([event.id]);
    expect(counted.hours.total).toBe(3);
  });

  it('answers a missing or malformed eventId 400 naming eventId, and records nothing', async () => {
    const { id, token } = await registeredPerson();
    for (const [body, message] of [
      [{ token }, checkinMessages.noEvent],
      [{ registrationId: id, key: randomUUID() }, checkinMessages.noEvent],
      [{ eventId: 'the-hall', token }, checkinMessages.badEvent],
      [{ eventId: 42, token }, checkinMessages.badEvent],
      [{ eventId: null, registrationId: id }, checkinMessages.badEvent],
    ] as const) {
      const res = await checkIn(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = await res.json();
      expect(error.fields).toEqual({ eventId: message });
      expect(error.message).toContain('eventId');
    }
    const [row] = await t.app.db.select().from(registration).where(eq(registration.id, id));
    expect(row?.checkedInAt).toBeNull();
  });

  it('takes the phone’s time of a check-in kept offline, but not one in the future or older than 7 days', async () => {
    const { event, token } = await registeredPerson();
    const cases = [
      [new Date(Date.now() + 5 * 60_000).toISOString(), 'The check-in time cannot be in the future'],
      [new Date(Date.now() - 8 * 24 * 3600_000).toISOString(), 'The check-in time must be within the last 7 days'],
    ] as const;
    for (const [at, message] of cases) {
      const res = await checkIn({ eventId: event.id, token, at });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toEqual({ at: message });
    }
    const notAnInstant = await checkIn({ eventId: event.id, token, at: 'yesterday' });
    expect(notAnInstant.status).toBe(400);
    expect(Object.keys((await notAnInstant.json()).error.fields)).toEqual(['at']);
    const skewed = new Date(Date.now() + 30_000).toISOString();
    const res = await checkIn({ eventId: event.id, token, at: skewed });
    expect(res.status).toBe(200);
    expect((await res.json()).checkedInAt).toBe(skewed);
  });

  it('takes a token or a registration id, not both nor neither', async () => {
    const { event, id, token } = await registeredPerson();
    for (const body of [{}, { token, registrationId: id }, { registrationId: 'nope' }, { token, key: 'not-a-uuid' }]) {
      expect((await checkIn({ eventId: event.id, ...body })).status).toBe(400);
    }
  });

  it('is for admins only: 401 signed out, 403 for volunteers and donators, nothing recorded', async () => {
    const { event, id, token } = await registeredPerson();
    expect((await call(t, 'POST', '/api/checkin', { eventId: event.id, token })).status).toBe(401);
    expect((await checkIn({ eventId: event.id, token }, volunteer)).status).toBe(403);
    expect((await checkIn({ eventId: event.id, registrationId: id }, donator)).status).toBe(403);
    const [row] = await t.app.db.select().from(registration).where(eq(registration.id, id));
    expect(row?.checkedInAt).toBeNull();
  });
});

describe('DELETE /api/checkin/{registrationId}', () => {
  it('undoes a check-in, after which the person can be checked in again', async () => {
    const { event, id, token } = await registeredPerson();
    expect((await checkIn({ eventId: event.id, token })).status).toBe(200);
    const undo = await call(t, 'DELETE', `/api/checkin/${id}`, undefined, admin.auth);
    expect(undo.status).toBe(200);
    expect(await undo.json()).toEqual({ modifiedCount: 1 });
    const [row] = await t.app.db.select().from(registration).where(eq(registration.id, id));
    expect([row?.checkedInAt, row?.checkedInBy]).toEqual([null, null]);
    const again = await call(t, 'DELETE', `/api/checkin/${id}`, undefined, admin.auth);
    expect(await again.json()).toEqual({ modifiedCount: 0 });
    expect((await checkIn({ eventId: event.id, token })).status).toBe(200);
  });

  it('stays undone when a copy of the check-in kept on a phone arrives later; a new scan checks in again', async () => {
    const { event, id, token } = await registeredPerson();
    const key = randomUUID();
    const at = new Date(Date.now() - 10 * 60_000).toISOString();
    expect((await checkIn({ eventId: event.id, token, key, at })).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/checkin/${id}`, undefined, admin.auth)).status).toBe(200);

    const late = await checkIn({ eventId: event.id, token, key, at });
    expect(late.status).toBe(409);
    const { error } = await late.json();
    expect(error).toMatchObject({ reason: 'undone', message: checkinMessages.undoneAtTheDoor, registrationId: id, checkedInAt: null });
    const [row] = await t.app.db.select().from(registration).where(eq(registration.id, id));
    expect(row?.checkedInAt).toBeNull();

    const rescan = await checkIn({ eventId: event.id, token, key: randomUUID() });
    expect(rescan.status).toBe(200);
  });

  it('answers 404 for an unknown registration and refuses everyone but admins', async () => {
    const { event, id, token } = await registeredPerson();
    expect((await checkIn({ eventId: event.id, token })).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/checkin/${randomUUID()}`, undefined, admin.auth)).status).toBe(404);
    expect((await call(t, 'DELETE', `/api/checkin/${id}`)).status).toBe(401);
    expect((await call(t, 'DELETE', `/api/checkin/${id}`, undefined, volunteer.auth)).status).toBe(403);
    const [row] = await t.app.db.select().from(registration).where(eq(registration.id, id));
    expect(row?.checkedInAt).not.toBeNull();
  });
});

describe('GET /api/events/{id}/checkins', () => {
  it('lists everyone with a place by name, counts who came, and leaves the waitlist out', async () => {
    // Today, with no time or end: its door is open all day, and it credits no hours.
    const event = await insertEvent(t.app.db, { capacity: 3, inDays: 0, endAt: null, hoursMinutes: null });
    const people = await Promise.all(['Zed Last', 'amy first', 'Mo Middle', 'Walt Waiting'].map((name) => signUp(t, { name })));
    const ids: string[] = [];
    for (const person of people) ids.push(await register(person, event.id));
    expect((await checkIn({ eventId: event.id, registrationId: ids[2] })).status).toBe(200);

    const res = await call(t, 'GET', `/api/events/${event.id}/checkins`, undefined, admin.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const list = await res.json();
    expect(list.event).toMatchObject({ _id: event.id, title: event.title, hours: 0 });
    expect([list.registered, list.checkedIn]).toEqual([3, 1]);
    expect(list.people.map((p: { name: string }) => p.name)).toEqual(['amy first', 'Mo Middle', 'Zed Last']);
    expect(list.people[1].checkedInAt).not.toBeNull();
    expect(list.people[0]).toMatchObject({ checkedInAt: null, hours: 0, hoursAdjusted: false, email: people[1]?.email });

    // Undone: the count follows at once.
    expect((await call(t, 'DELETE', `/api/checkin/${ids[2]}`, undefined, admin.auth)).status).toBe(200);
    const after = await (await call(t, 'GET', `/api/events/${event.id}/checkins`, undefined, admin.auth)).json();
    expect(after.checkedIn).toBe(0);
  });

  it('is for admins only, and answers 404 for an unknown event', async () => {
    const event = await insertEvent(t.app.db);
    expect((await call(t, 'GET', `/api/events/${event.id}/checkins`)).status).toBe(401);
    expect((await call(t, 'GET', `/api/events/${event.id}/checkins`, undefined, volunteer.auth)).status).toBe(403);
    expect((await call(t, 'GET', `/api/events/${event.id}/checkins`, undefined, donator.auth)).status).toBe(403);
    expect((await call(t, 'GET', `/api/events/${randomUUID()}/checkins`, undefined, admin.auth)).status).toBe(404);
  });
});

describe('hours', () => {
  it('credits an event’s start to its end, to the nearest quarter hour, until an admin gives its own figure', async () => {
    const event = await insertEvent(t.app.db, { time: '09:00', endAt: `${dayFrom(new Date(), 7)} 12:10:00` });
    const id = await register(await signUp(t), event.id);
    const hoursOf = async () =>
      (await (await call(t, 'GET', `/api/events/${event.id}/checkins`, undefined, admin.auth)).json()).event.hours;
    expect(await hoursOf()).toBe(3.25);

    const fields = await (await call(t, 'GET', `/api/events/${event.id}`)).json();
    expect(fields.hours).toBeNull();
    const { _id, registered, spotsLeft, past, raised, donors, hours: _hours, ...write } = fields;
    expect((await call(t, 'PUT', `/api/events/${event.id}`, { ...write, hours: '2.5' }, admin.auth)).status).toBe(200);
    expect((await (await call(t, 'GET', `/api/events/${event.id}`)).json()).hours).toBe(2.5);
    expect(await hoursOf()).toBe(2.5);
    const list = await (await call(t, 'GET', `/api/events/${event.id}/checkins`, undefined, admin.auth)).json();
    expect(list.people).toEqual([expect.objectContaining({ registrationId: id, hours: 2.5, hoursAdjusted: false })]);

    // Left out, the figure stays; an empty box gives the event its start to its end again.
    expect((await call(t, 'PUT', `/api/events/${event.id}`, write, admin.auth)).status).toBe(200);
    expect(await hoursOf()).toBe(2.5);
    expect((await call(t, 'PUT', `/api/events/${event.id}`, { ...write, hours: '' }, admin.auth)).status).toBe(200);
    expect(await hoursOf()).toBe(3.25);

    for (const hours of ['1.1', '-1', '25', 'lots']) {
      const res = await call(t, 'PUT', `/api/events/${event.id}`, { ...write, hours }, admin.auth);
      expect(res.status, hours).toBe(400);
      expect(Object.keys((await res.json()).error.fields)).toEqual(['hours']);
    }
  });

  it('credits an event with a day and no time 0 hours, and takes an admin’s figure for a new event', async () => {
    const noTime = await insertEvent(t.app.db, { endAt: `${dayFrom(new Date(), 7)} 17:00:00` });
    const list = await (await call(t, 'GET', `/api/events/${noTime.id}/checkins`, undefined, admin.auth)).json();
    expect(list.event.hours).toBe(0);
    const created = await call(
      t,
      'POST',
      '/api/events',
      {
        title: 'Soup run',
        desc: 'Soup for all.',
        banner: '/images/events/food-bank.svg',
        date: `${dayFrom(new Date(), 9)}T18:00`,
        hours: 1.75,
      },
      admin.auth,
    );
    expect(created.status).toBe(200);
    const { insertedId } = await created.json();
    expect((await (await call(t, 'GET', `/api/events/${insertedId}`)).json()).hours).toBe(1.75);
  });

  it('lets an admin set and clear a person’s own hours, in quarter hours from 0 to 24', async () => {
    const event = await insertEvent(t.app.db, { time: '10:00', endAt: `${dayFrom(new Date(), 7)} 14:00:00` });
    const id = await register(await signUp(t, { name: 'Hana Hours' }), event.id);
    const setHours = (hours: unknown, who: TestAccount = admin) => call(t, 'PATCH', `/api/checkin/${id}`, { hours }, who.auth);

    const set = await setHours(1.5);
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ registrationId: id, name: 'Hana Hours', hours: 1.5, hoursAdjusted: true, checkedInAt: null });
    const list = await (await call(t, 'GET', `/api/events/${event.id}/checkins`, undefined, admin.auth)).json();
    expect(list.people[0]).toMatchObject({ hours: 1.5, hoursAdjusted: true });
    expect(list.event.hours).toBe(4);

    const cleared = await setHours(null);
    expect(await cleared.json()).toMatchObject({ hours: 4, hoursAdjusted: false });

    for (const [hours, message] of [
      [-0.25, 'Hours cannot be negative'],
      [24.25, 'Hours must be at most 24'],
      [1.1, 'Hours go in quarter hours (e.g. 1.25, 2.5)'],
      ['2', 'Hours must be a number'],
    ] as const) {
      const res = await setHours(hours);
      expect(res.status, String(hours)).toBe(400);
      expect((await res.json()).error.fields).toEqual({ hours: message });
    }
    expect((await setHours(0)).status).toBe(200);
    expect((await setHours(24)).status).toBe(200);
    expect((await call(t, 'PATCH', `/api/checkin/${randomUUID()}`, { hours: 1 }, admin.auth)).status).toBe(404);
    expect((await call(t, 'PATCH', `/api/checkin/${id}`, { hours: 1 })).status).toBe(401);
    expect((await setHours(1, volunteer)).status).toBe(403);
    expect((await setHours(1, donator)).status).toBe(403);
  });
});
