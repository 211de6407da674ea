import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessage, registration, shift } from '../../db/schema.ts';
import { dayFrom } from '../../db/seed.ts';
import { queueReminders } from '../../mail/reminders.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent, insertShift } from '../../test/factories.ts';
import { mailingApp } from '../../test/mailing-app.ts';
import type { SmtpStandIn } from '../../test/smtp-stand-in.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * Events staffed by shifts (issue 32): shifts written by admins and read by anyone, registering for one
 * or more, the overlap rule, each shift's own places and waitlist, changes and deletions told by email,
 * and copying and repeating an event with its shifts.
 */

let smtp: SmtpStandIn;
let t: TestApp;
let admin: TestAccount;

mailingApp((started) => ({ smtp, t, admin } = started), { people: { admin: { role: 'admin' } } });

type Created = {
  insertedId: string;
  status: string;
  position: number | null;
  registrations: { insertedId: string; shiftId: string | null; status: string; position: number | null }[];
};

const register = (who: TestAccount, body: Record<string, unknown>) => call(t, 'POST', '/api/register', body, who.auth);

async function registered(who: TestAccount, body: Record<string, unknown>): Promise<Created> {
  const res = await register(who, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Created;
}

async function people(n: number): Promise<TestAccount[]> {
  const made: TestAccount[] = [];
  for (let i = 0; i < n; i += 1) made.push(await signUp(t));
  return made;
}

/** A day a month ahead, so that every shift is still to come. */
const day = dayFrom(new Date(), 30);

async function addShift(eventId: string, body: Record<string, unknown>) {
  const res = await call(t, 'POST', `/api/events/${eventId}/shifts`, body, admin.auth);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

const shiftsOf = async (eventId: string) => (await (await t.api(`/api/events/${eventId}/shifts`)).json()) as Record<string, unknown>[];

describe('writing shifts', () => {
  let eventId: string;

  beforeAll(async () => {
    eventId = (await insertEvent(t.app.db, { title: 'Food drive', date: day, time: '08:00' })).id;
  });

  it('an admin adds shifts; anyone reads them in time order with their places', async () => {
    const packers = await addShift(eventId, {
      role: 'Packer',
      description: 'Packing boxes in the hall',
      startsAt: `${day}T10:00`,
      endsAt: `${day}T14:00`,
      capacity: 6,
    });
    const drivers = await addShift(eventId, { role: 'Driver', startsAt: `${day}T08:00`, endsAt: `${day}T10:00`, capacity: '2' });
    const res = await t.api(`/api/events/${eventId}/shifts`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      {
        _id: drivers,
        eventId,
        role: 'Driver',
        description: '',
        startsAt: `${day}T08:00`,
        endsAt: `${day}T10:00`,
        capacity: 2,
        registered: 0,
        spotsLeft: 2,
        waitlisted: 0,
      },
      {
        _id: packers,
        eventId,
        role: 'Packer',
        description: 'Packing boxes in the hall',
        startsAt: `${day}T10:00`,
        endsAt: `${day}T14:00`,
        capacity: 6,
        registered: 0,
        spotsLeft: 6,
        waitlisted: 0,
      },
    ]);
    // The event says it is staffed by shifts, and its places are theirs.
    expect(await (await t.api(`/api/events/${eventId}`)).json()).toMatchObject({ shifts: 2, spotsLeft: 8, registered: 0 });
  });

  it('refuses a shift without a role, ending before it starts, or far from the event, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ role: ' ', startsAt: `${day}T08:00`, endsAt: `${day}T09:00` }, 'role'],
      [{ role: 'Cook', startsAt: `${day}T10:00`, endsAt: `${day}T09:00` }, 'endsAt'],
      [{ role: 'Cook', startsAt: `${dayFrom(new Date(), 40)}T10:00`, endsAt: `${dayFrom(new Date(), 40)}T11:00` }, 'startsAt'],
      [{ role: 'Cook', startsAt: 'tomorrow', endsAt: `${day}T11:00` }, 'startsAt'],
      [{ role: 'Cook', startsAt: `${day}T10:00`, endsAt: `${day}T11:00`, capacity: 0 }, 'capacity'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, 'POST', `/api/events/${eventId}/shifts`, body, admin.auth);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await res.json()).error.fields ?? {})).toContain(field);
    }
    expect(await shiftsOf(eventId)).toHaveLength(2);
  });

  it('answers 404 for the shifts of an event that does not exist', async () => {
    expect((await t.api('/api/events/00000000-0000-4000-8000-000000000000/shifts')).status).toBe(404);
    const res = await call(
      t,
      'POST',
      '/api/events/00000000-0000-4000-8000-000000000000/shifts',
      { role: 'Cook', startsAt: `${day}T10:00`, endsAt: `${day}T11:00` },
      admin.auth,
    );
    expect(res.status).toBe(404);
  });

  it('an admin changes a shift: what is left out stays', async () => {
    const [first] = await shiftsOf(eventId);
    const res = await call(t, 'PUT', `/api/shifts/${first?._id}`, { role: 'Van driver' }, admin.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ modifiedCount: 1 });
    expect((await shiftsOf(eventId))[0]).toMatchObject({ role: 'Van driver', startsAt: `${day}T08:00`, capacity: 2 });
    expect((await call(t, 'PUT', '/api/shifts/00000000-0000-4000-8000-000000000000', { role: 'X' }, admin.auth)).status).toBe(404);
  });

  it('is for admins alone: a volunteer cannot add, change or delete shifts', async () => {
    const [volunteer] = await people(1);
    const [first] = await shiftsOf(eventId);
    const body = { role: 'Cook', startsAt: `${day}T10:00`, endsAt: `${day}T11:00` };
    expect((await call(t, 'POST', `/api/events/${eventId}/shifts`, body, volunteer!.auth)).status).toBe(403);
    expect((await call(t, 'PUT', `/api/shifts/${first?._id}`, { role: 'Mine' }, volunteer!.auth)).status).toBe(403);
    expect((await call(t, 'DELETE', `/api/shifts/${first?._id}`, undefined, volunteer!.auth)).status).toBe(403);
    expect(await shiftsOf(eventId)).toHaveLength(2);
  });
});

describe('registering for shifts', () => {
  let eventId: string;
  let morning: string;
  let midday: string;
  let afternoon: string;

  beforeAll(async () => {
    const row = await insertEvent(t.app.db, { title: 'Beach clean', date: day, time: '08:00' });
    eventId = row.id;
    morning = (await insertShift(t.app.db, row, { role: 'Litter picker', at: 8, hours: 3, capacity: 5 })).id;
    midday = (await insertShift(t.app.db, row, { role: 'Sorter', at: 10, hours: 3 })).id;
    afternoon = (await insertShift(t.app.db, row, { role: 'Litter picker', at: 13, hours: 3, capacity: 1 })).id;
  });

  it('on an event with shifts, refuses a registration that names none, naming shiftIds', async () => {
    const [who] = await people(1);
    for (const body of [{ eventId }, { eventId, shiftIds: [] }]) {
      const res = await register(who!, body);
      expect(res.status).toBe(400);
      const answer = await res.json();
      expect(answer.error.fields).toEqual({ shiftIds: 'Choose at least one shift' });
    }
    const other = await insertShift(t.app.db, await insertEvent(t.app.db, { date: day }));
    const res = await register(who!, { eventId, shiftIds: [morning, other.id] });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ shiftIds: 'Choose shifts of this event' });
    const bad = await register(who!, { eventId, shiftIds: ['not-an-id'] });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields)[0]).toMatch(/^shiftIds/);
    expect(await t.app.db.select().from(registration).where(eq(registration.accountId, who!.id))).toEqual([]);
  });

  it('on an event without shifts, works as before, and refuses shifts, naming shiftIds', async () => {
    const [who] = await people(1);
    const plain = await insertEvent(t.app.db, { date: day, capacity: 3 });
    const res = await register(who!, { eventId: plain.id, shiftIds: [morning] });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ shiftIds: 'This event has no shifts' });
    const made = await registered(who!, { eventId: plain.id });
    expect(made).toMatchObject({ status: 'registered', position: null, registrations: [{ shiftId: null, status: 'registered' }] });
    const mine = await (await call(t, 'GET', `/api/register/event/${who!.email}`, undefined, who!.auth)).json();
    expect(mine).toEqual([expect.objectContaining({ eventId: plain.id, shift: null })]);
  });

  it('makes one registration per shift, in one go, each carrying its shift', async () => {
    const [who] = await people(1);
    const made = await registered(who!, { eventId, shiftIds: [afternoon, morning] });
    expect(made.registrations.map((r) => [r.shiftId, r.status, r.position])).toEqual([
      [morning, 'registered', null],
      [afternoon, 'registered', null],
    ]);
    expect(made.insertedId).toBe(made.registrations[0]?.insertedId);

    const mine = (await (await call(t, 'GET', `/api/register/event/${who!.email}`, undefined, who!.auth)).json()) as {
      _id: string;
      shift: unknown;
    }[];
    expect(mine.map((r) => r.shift)).toEqual([
      { _id: morning, role: 'Litter picker', startsAt: `${day}T08:00`, endsAt: `${day}T11:00` },
      { _id: afternoon, role: 'Litter picker', startsAt: `${day}T13:00`, endsAt: `${day}T16:00` },
    ]);
    const one = await (await call(t, 'GET', `/api/register/${made.insertedId}`, undefined, admin.auth)).json();
    expect(one.shift).toMatchObject({ _id: morning, role: 'Litter picker' });
    const listed = (await (await call(t, 'GET', `/api/register?q=${encodeURIComponent(who!.email)}`, undefined, admin.auth)).json()) as {
      shift: { _id: string } | null;
    }[];
    expect(listed.map((r) => r.shift?._id).sort()).toEqual([morning, afternoon].sort());

    // Each confirmation names the shift and its times; its calendar file is the shift's.
    const mail = await smtp.mailTo(who!.email, { count: 2, subject: /^You are registered/ });
    expect(mail).toHaveLength(2);
    const texts = mail.map((m) => m.text ?? '').join('\n');
    expect(texts).toContain('Your shift: Litter picker,');
    expect(texts).toMatch(/8:00 am – 11:00 am/);
    expect(texts).toMatch(/1:00 pm – 4:00 pm/);
    const ics = mail.map((m) => m.attachments.find((a) => a.filename === 'event.ics')?.content.toString() ?? '').join('\n');
    expect(ics).toContain('SUMMARY:Beach clean: Litter picker');

    const [shown] = (await shiftsOf(eventId)).filter((s) => s._id === afternoon);
    expect(shown).toMatchObject({ registered: 1, spotsLeft: 0, waitlisted: 0 });
  });

  it("refuses shifts that overlap one another, or one of the person's own, with 409 and nothing stored", async () => {
    const [who] = await people(1);
    const res = await register(who!, { eventId, shiftIds: [morning, midday] });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('This shift overlaps another of yours');
    expect(await t.app.db.select().from(registration).where(eq(registration.accountId, who!.id))).toEqual([]);

    await registered(who!, { eventId, shiftIds: [midday] });
    const again = await register(who!, { eventId, shiftIds: [morning] });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe('This shift overlaps another of yours');
    const twice = await register(who!, { eventId, shiftIds: [midday] });
    expect(twice.status).toBe(409);
    expect((await twice.json()).error.message).toBe('You are already registered for this shift');
  });

  it('applies the overlap rule across events on the same day, and lets back-to-back shifts through', async () => {
    const [who] = await people(1);
    const other = await insertEvent(t.app.db, { title: 'Soup kitchen', date: day });
    const lunch = await insertShift(t.app.db, other, { role: 'Cook', at: 11, hours: 2 });
    const evening = await insertShift(t.app.db, other, { role: 'Washer', at: 16, hours: 2 });
    await registered(who!, { eventId: other.id, shiftIds: [lunch.id] });
    const res = await register(who!, { eventId, shiftIds: [midday] });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('This shift overlaps another of yours');
    // 13:00–16:00 then 16:00–18:00: one ends as the other starts.
    await registered(who!, { eventId, shiftIds: [afternoon] });
    await registered(who!, { eventId: other.id, shiftIds: [evening.id] });
  });

  it('a full shift puts the person on its own waitlist while other shifts still have places', async () => {
    const [first, second] = await people(2);
    // The afternoon has its one place taken: each joins its waitlist, and gets a place in the sorters'.
    const a = await registered(first!, { eventId, shiftIds: [midday] });
    expect(a.registrations[0]).toMatchObject({ status: 'registered' });
    const b = await registered(second!, { eventId, shiftIds: [morning, afternoon] });
    expect(b.registrations.map((r) => r.status)).toEqual(['registered', 'waitlisted']);
    const waiting = b.registrations[1]!;
    expect(waiting.position).toBeGreaterThanOrEqual(1);
    const [mail] = await smtp.mailTo(second!.email, { subject: /waitlist/ });
    expect(mail?.text).toContain('Your shift: Litter picker,');
  });
});

describe("a shift's waitlist", () => {
  it('a cancelled place goes to the first waiting for that shift, who is emailed; the rest move up', async () => {
    const row = await insertEvent(t.app.db, { title: 'Park planting', date: day });
    const small = await insertShift(t.app.db, row, { role: 'Planter', at: 9, capacity: 1 });
    const other = await insertShift(t.app.db, row, { role: 'Waterer', at: 12, capacity: 1 });
    const [holder, w1, w2, elsewhere] = await people(4);
    const held = await registered(holder!, { eventId: row.id, shiftIds: [small.id] });
    await registered(elsewhere!, { eventId: row.id, shiftIds: [other.id] });
    const one = await registered(w1!, { eventId: row.id, shiftIds: [small.id] });
    const two = await registered(w2!, { eventId: row.id, shiftIds: [small.id, other.id] });
    expect(one.registrations.map((r) => r.position)).toEqual([1]);
    expect(two.registrations.map((r) => [r.status, r.position])).toEqual([
      ['waitlisted', 2],
      ['waitlisted', 1],
    ]);

    expect((await call(t, 'DELETE', `/api/register/${held.insertedId}`, undefined, holder!.auth)).status).toBe(200);
    const stored = await t.app.db
      .select({
        accountId: registration.accountId,
        shiftId: registration.shiftId,
        status: registration.status,
        position: registration.position,
      })
      .from(registration)
      .where(eq(registration.eventId, row.id))
      .orderBy(asc(registration.shiftId), asc(registration.status), asc(registration.position));
    const of = (shiftId: string) => stored.filter((r) => r.shiftId === shiftId).map((r) => [r.accountId, r.status, r.position]);
    expect(of(small.id)).toEqual([
      [w1!.id, 'registered', null],
      [w2!.id, 'waitlisted', 1],
    ]);
    // The other shift's waitlist is its own: nobody there moved.
    expect(of(other.id)).toEqual([
      [elsewhere!.id, 'registered', null],
      [w2!.id, 'waitlisted', 1],
    ]);
    const [mail] = await smtp.mailTo(w1!.email, { subject: /^You have a place/ });
    expect(mail?.text).toContain('Your shift: Planter,');
  });

  it('50 people taking the last 3 places of a shift at once: exactly 3 registered, 47 waiting numbered in order', async () => {
    const row = await insertEvent(t.app.db, { title: 'Marathon water station', date: day });
    const station = await insertShift(t.app.db, row, { role: 'Water table', at: 7, hours: 4, capacity: 5 });
    const early = await people(2);
    for (const who of early) await registered(who, { eventId: row.id, shiftIds: [station.id] });
    const crowd = await people(50);
    const started = performance.now();
    const answers = await Promise.all(crowd.map((who) => registered(who, { eventId: row.id, shiftIds: [station.id] })));
    const ms = performance.now() - started;
    console.info(
      `50 concurrent registrations for the last 3 places of a shift on the ${t.config.databaseUrl ? 'server' : 'embedded'} database: ${ms.toFixed(0)} ms`,
    );
    expect(answers.filter((a) => a.status === 'registered')).toHaveLength(3);
    const positions = answers
      .filter((a) => a.status === 'waitlisted')
      .map((a) => a.position as number)
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    const stored = await t.app.db
      .select({ status: registration.status, position: registration.position, createdAt: registration.createdAt })
      .from(registration)
      .where(and(eq(registration.shiftId, station.id), eq(registration.status, 'waitlisted')))
      .orderBy(asc(registration.position));
    expect(stored.map((r) => r.position)).toEqual(positions);
    // Numbered in the order they joined.
    const times = stored.map((r) => r.createdAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((await shiftsOf(row.id))[0]).toMatchObject({ capacity: 5, registered: 5, spotsLeft: 0, waitlisted: 47 });
  });
});

describe('changing and deleting shifts', () => {
  it('moving a shift emails its people; fewer places than those registered are refused', async () => {
    const row = await insertEvent(t.app.db, { title: 'Library sale', date: day });
    const till = await insertShift(t.app.db, row, { role: 'Till', at: 9, capacity: 3 });
    const [a, b] = await people(2);
    await registered(a!, { eventId: row.id, shiftIds: [till.id] });
    await registered(b!, { eventId: row.id, shiftIds: [till.id] });

    const fewer = await call(t, 'PUT', `/api/shifts/${till.id}`, { capacity: 1 }, admin.auth);
    expect(fewer.status).toBe(409);
    expect(await fewer.json()).toMatchObject({
      error: { fields: { capacity: 'Places cannot be fewer than the 2 people already registered' } },
    });

    const moved = await call(t, 'PUT', `/api/shifts/${till.id}`, { startsAt: `${day}T10:00`, endsAt: `${day}T12:00` }, admin.auth);
    expect(moved.status).toBe(200);
    for (const who of [a!, b!]) {
      const [mail] = await smtp.mailTo(who.email, { subject: /^New date/ });
      expect(mail?.text).toContain('Your shift: Till,');
      expect(mail?.text).toMatch(/10:00 am – 12:00 pm/);
    }
  });

  it('deleting a shift removes its registrations and tells its people', async () => {
    const row = await insertEvent(t.app.db, { title: 'Toy swap', date: day });
    const doors = await insertShift(t.app.db, row, { role: 'Doors', at: 9 });
    const [a] = await people(1);
    await registered(a!, { eventId: row.id, shiftIds: [doors.id] });
    const res = await call(t, 'DELETE', `/api/shifts/${doors.id}`, undefined, admin.auth);
    expect(await res.json()).toEqual({ deletedCount: 1 });
    expect(await t.app.db.select().from(registration).where(eq(registration.accountId, a!.id))).toEqual([]);
    const [mail] = await smtp.mailTo(a!.email, { subject: /cancel/i });
    expect(mail?.text).toContain('Your shift: Doors,');
    expect(await (await call(t, 'DELETE', `/api/shifts/${doors.id}`, undefined, admin.auth)).json()).toEqual({ deletedCount: 0 });
  });

  it('moving the event to another day moves its shifts by as many days', async () => {
    const row = await insertEvent(t.app.db, { title: 'Repair cafe', date: day, time: '09:00' });
    await insertShift(t.app.db, row, { role: 'Fixer', at: 9 });
    const later = dayFrom(new Date(), 33);
    const res = await call(
      t,
      'PUT',
      `/api/events/${row.id}`,
      { title: row.title, desc: row.desc, banner: row.banner, date: `${later}T09:00` },
      admin.auth,
    );
    expect(res.status).toBe(200);
    expect((await shiftsOf(row.id))[0]).toMatchObject({ startsAt: `${later}T09:00`, endsAt: `${later}T11:00` });
  });
});

describe('copying and repeating an event', () => {
  it('a copy on another day has the same fields and shifts, moved, and no registrations', async () => {
    const row = await insertEvent(t.app.db, { title: 'Food drive copy', date: day, time: '08:00', endAt: `${day} 14:00:00`, capacity: 9 });
    await insertShift(t.app.db, row, { role: 'Driver', at: 8, capacity: 2 });
    await insertShift(t.app.db, row, { role: 'Packer', at: 10, hours: 4, capacity: 6 });
    const [who] = await people(1);
    await registered(who!, { eventId: row.id, shiftIds: [(await shiftsOf(row.id))[0]?._id] });

    const target = dayFrom(new Date(), 37);
    const res = await call(t, 'POST', `/api/events/${row.id}/copy`, { date: target }, admin.auth);
    expect(res.status).toBe(200);
    const { insertedId } = await res.json();
    expect(insertedId).not.toBe(row.id);
    const copy = await (await t.api(`/api/events/${insertedId}`)).json();
    expect(copy).toMatchObject({
      title: 'Food drive copy',
      date: `${target}T08:00`,
      end: `${target}T14:00`,
      capacity: 9,
      registered: 0,
      shifts: 2,
    });
    const shifts = await shiftsOf(insertedId);
    expect(shifts.map((s) => [s.role, s.startsAt, s.endsAt, s.capacity, s.registered])).toEqual([
      ['Driver', `${target}T08:00`, `${target}T10:00`, 2, 0],
      ['Packer', `${target}T10:00`, `${target}T14:00`, 6, 0],
    ]);
    // Independent: changing the copy's shift leaves the first's as it was.
    await call(t, 'PUT', `/api/shifts/${shifts[0]?._id}`, { role: 'Van driver' }, admin.auth);
    expect((await shiftsOf(row.id))[0]).toMatchObject({ role: 'Driver', registered: 1 });
  });

  it('repeating weekly makes N copies a week apart, at most 52', async () => {
    const row = await insertEvent(t.app.db, { title: 'Weekly litter pick', date: day, time: '10:00' });
    await insertShift(t.app.db, row, { role: 'Picker', at: 10 });
    const res = await call(t, 'POST', `/api/events/${row.id}/repeat`, { weeks: 3 }, admin.auth);
    expect(res.status).toBe(200);
    const { insertedIds } = (await res.json()) as { insertedIds: string[] };
    expect(insertedIds).toHaveLength(3);
    const days = [];
    for (const id of insertedIds) {
      const copy = await (await t.api(`/api/events/${id}`)).json();
      days.push(copy.date);
      expect((await shiftsOf(id))[0]).toMatchObject({ role: 'Picker', startsAt: `${copy.date.slice(0, 10)}T10:00` });
    }
    expect(days).toEqual([7, 14, 21].map((n) => `${dayFrom(new Date(`${day}T12:00:00Z`), n)}T10:00`));

    for (const weeks of [0, 53, 'many']) {
      const bad = await call(t, 'POST', `/api/events/${row.id}/repeat`, { weeks }, admin.auth);
      expect(bad.status).toBe(400);
      expect(Object.keys((await bad.json()).error.fields)).toEqual(['weeks']);
    }
    const copies = await t.app.db.select().from(shift).where(eq(shift.role, 'Picker'));
    expect(copies).toHaveLength(4);
    const missing = await call(t, 'POST', '/api/events/00000000-0000-4000-8000-000000000000/repeat', { weeks: 2 }, admin.auth);
    expect(missing.status).toBe(404);
  });
});

describe('shifts in the overview and in hours given', () => {
  it('the admin overview shows places filled per role for upcoming events', async () => {
    const row = await insertEvent(t.app.db, { title: 'Roles at the fair', inDays: 1, time: '06:00' });
    await insertShift(t.app.db, row, { role: 'Driver', at: 6, capacity: 2 });
    await insertShift(t.app.db, row, { role: 'Packer', at: 8, capacity: 3 });
    const second = await insertShift(t.app.db, row, { role: 'Driver', at: 10, capacity: 1 });
    const [a, b] = await people(2);
    await registered(a!, { eventId: row.id, shiftIds: [second.id] });
    await registered(b!, { eventId: row.id, shiftIds: [second.id] });
    const overview = await (await call(t, 'GET', '/api/overview', undefined, admin.auth)).json();
    const shown = overview.upcoming.find((e: { _id: string }) => e._id === row.id);
    expect(shown.roles).toEqual([
      { role: 'Driver', capacity: 3, registered: 1, waitlisted: 1 },
      { role: 'Packer', capacity: 3, registered: 0, waitlisted: 0 },
    ]);
  });

  it('each shift a person came for credits its own hours, and the impact page adds them up', async () => {
    const row = await insertEvent(t.app.db, { title: 'Two shifts ago', inDays: -2, time: '08:00', hoursMinutes: 600 });
    const early = await insertShift(t.app.db, row, { role: 'Setup', at: 8, hours: 1.5 });
    const late = await insertShift(t.app.db, row, { role: 'Teardown', at: 16, hours: 2 });
    const [who] = await people(1);
    // Registered and checked in as the door did then (the event is over, so neither call would take them now).
    for (const one of [early, late]) {
      await t.app.db
        .insert(registration)
        .values({ accountId: who!.id, eventId: row.id, shiftId: one.id, name: who!.name, email: who!.email, checkedInAt: new Date() });
    }
    const impact = await (await call(t, 'GET', `/api/impact/${encodeURIComponent(who!.email)}`, undefined, who!.auth)).json();
    expect(impact.events.map((e: { hours: number; shift: { role: string } }) => [e.shift.role, e.hours])).toEqual([
      ['Teardown', 2],
      ['Setup', 1.5],
    ]);
    expect(impact.hours.total).toBe(3.5);
  });
});

describe("a shift's own times", () => {
  it('a teardown shift after the event has ended still takes people and its door is open; a shift over is refused', async () => {
    const yesterday = dayFrom(new Date(), -1);
    const tomorrow = dayFrom(new Date(), 1);
    const row = await insertEvent(t.app.db, { title: 'Late teardown', date: yesterday, time: '18:00', endAt: `${yesterday} 23:00:00` });
    const teardown = await insertShift(t.app.db, row, {
      role: 'Teardown',
      startsAt: `${yesterday} 22:00:00`,
      endsAt: `${tomorrow} 02:00:00`,
    });
    const earlier = await insertShift(t.app.db, row, { role: 'Setup', startsAt: `${yesterday} 16:00:00`, endsAt: `${yesterday} 18:00:00` });
    const [who] = await people(1);
    const over = await register(who!, { eventId: row.id, shiftIds: [earlier.id] });
    expect(over.status).toBe(409);
    expect((await over.json()).error.message).toBe('This shift has already taken place');
    const made = await registered(who!, { eventId: row.id, shiftIds: [teardown.id] });
    // The door stays open until the last shift ends.
    const checked = await call(t, 'POST', '/api/checkin', { eventId: row.id, registrationId: made.insertedId }, admin.auth);
    expect(checked.status, await checked.clone().text()).toBe(200);
    const door = await (await call(t, 'GET', `/api/events/${row.id}/checkins`, undefined, admin.auth)).json();
    expect(door.event.checkinClosesAt).not.toBe(door.event.checkinOpensAt);
    expect(new Date(door.event.checkinClosesAt).getTime()).toBeGreaterThan(Date.now());
  });

  it("a person's calendar feed has each shift as its own entry, at the shift's times", async () => {
    const row = await insertEvent(t.app.db, { title: 'Feed fair', date: day, time: '08:00' });
    const a = await insertShift(t.app.db, row, { role: 'Setup', at: 7 });
    const b = await insertShift(t.app.db, row, { role: 'Stall', at: 10 });
    const [who] = await people(1);
    await registered(who!, { eventId: row.id, shiftIds: [a.id, b.id] });
    const { url } = await (await call(t, 'GET', '/api/users/me/calendar', undefined, who!.auth)).json();
    const feed = await (await fetch(url)).text();
    const uids = [...feed.matchAll(/^UID:(.*)$/gm)].map((m) => m[1]?.trim());
    expect(uids).toHaveLength(2);
    expect(new Set(uids).size).toBe(2);
    expect(feed).toContain('SUMMARY:Feed fair: Setup');
    expect(feed).toContain('SUMMARY:Feed fair: Stall');
  });

  it('a shift starting tomorrow is reminded today, whatever its event’s date; once', async () => {
    const tomorrow = dayFrom(new Date(), 1);
    const row = await insertEvent(t.app.db, { title: 'Setup the night before', date: dayFrom(new Date(), 2), time: '09:00' });
    const setup = await insertShift(t.app.db, row, { role: 'Setup', startsAt: `${tomorrow} 18:00:00`, endsAt: `${tomorrow} 21:00:00` });
    const [who] = await people(1);
    const made = await registered(who!, { eventId: row.id, shiftIds: [setup.id] });
    const site = await t.app.mailSite();
    await queueReminders(t.app.db, site);
    await queueReminders(t.app.db, site);
    const queued = await t.app.db
      .select({ key: outboxMessage.key })
      .from(outboxMessage)
      .where(eq(outboxMessage.key, `reminder:${made.insertedId}:${tomorrow}`));
    expect(queued).toHaveLength(1);
    const [mail] = await smtp.mailTo(who!.email, { subject: /^Tomorrow/ });
    expect(mail?.text).toContain('Your shift: Setup,');
  });

  it('places left on an event with shifts count only the places taken on its shifts', async () => {
    const row = await insertEvent(t.app.db, { title: 'Shifts added later', date: day, capacity: 10 });
    const [early, late] = await people(2);
    await registered(early!, { eventId: row.id });
    const one = await insertShift(t.app.db, row, { role: 'Helper', at: 9, capacity: 4 });
    await registered(late!, { eventId: row.id, shiftIds: [one.id] });
    expect(await (await t.api(`/api/events/${row.id}`)).json()).toMatchObject({ shifts: 1, registered: 2, spotsLeft: 3 });
  });
});
