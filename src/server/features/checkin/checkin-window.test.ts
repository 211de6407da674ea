import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatEventDate } from '../../../shared/event-date.ts';
import { instantOf, wallClockAt } from '../../../shared/time-zone.ts';
import { event as eventTable, registration } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { defaultSiteSettings, writeSiteSettings } from '../site/settings.ts';

/**
 * The door is open from a set time before an event starts (2 hours unless an admin says otherwise)
 * until it ends, on the site's clock: a check-in outside that is refused, so no one is credited hours
 * or a certificate for an event that has not happened. The site here is in Dhaka (UTC+6, no daylight
 * saving), far from the server's own zone, so a window read on the wrong clock would be six hours out.
 */

const ZONE = 'Asia/Dhaka';
let t: TestApp;
let admin: TestAccount;

sharedApp({ admin: { role: 'admin' } }, async (started) => {
  ({ t, admin } = started);
  await writeSiteSettings(t.app.db, { ...defaultSiteSettings(), timeZone: ZONE }, null);
});

const HOUR = 3600_000;
/** The site's wall clock at `at`, to the minute: 'YYYY-MM-DDTHH:MM'. */
const wall = (at: Date) => wallClockAt(ZONE, at).slice(0, 16);
/** The instant the site's clock shows `wallClock`. */
const at = (wallClock: string) => instantOf(wallClock, ZONE);

/** An event starting `startsIn` ms from now (negative: begun), of `lasts` ms, with a person registered. */
async function eventWithPerson(startsIn: number, lasts: number, fields: Partial<typeof eventTable.$inferInsert> = {}) {
  // Registered while it is still to come (a registration for an ended event is refused), then moved.
  const row = await insertEvent(t.app.db, fields);
  const person = await signUp(t, { name: 'Rina Rahman' });
  const res = await call(t, 'POST', '/api/register', { eventId: row.id }, person.auth);
  expect(res.status).toBe(201);
  const id: string = (await res.json()).insertedId;
  // Whole minutes, as an event's times are kept.
  const start = wall(new Date(Math.floor((Date.now() + startsIn) / 60_000) * 60_000));
  const end = wall(new Date(at(start).getTime() + lasts));
  await t.app.db
    .update(eventTable)
    .set({ date: start.slice(0, 10), time: `${start.slice(11)}:00`, endAt: `${end.slice(0, 10)} ${end.slice(11)}:00` })
    .where(eq(eventTable.id, row.id));
  return { eventId: row.id, id, start, end };
}

const checkIn = (body: Record<string, unknown>) => call(t, 'POST', '/api/checkin', body, admin.auth);
const checkedInAt = async (id: string) =>
  (await t.app.db.select().from(registration).where(eq(registration.id, id)))[0]?.checkedInAt?.toISOString() ?? null;

describe('the check-in window', () => {
  it('refuses an event that starts in months, saying when its door opens on the site’s clock', async () => {
    const row = await insertEvent(t.app.db, { inDays: 200, time: '10:00' });
    const person = await signUp(t);
    const id: string = (await (await call(t, 'POST', '/api/register', { eventId: row.id }, person.auth)).json()).insertedId;
    const res = await checkIn({ eventId: row.id, registrationId: id });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({
      code: 'conflict',
      reason: 'not-open-yet',
      message: `Check-in for this event opens on ${formatEventDate(`${row.date}T08:00`)}, 2 hours before it starts`,
    });
    expect(await checkedInAt(id)).toBeNull();
  });

  it('opens 2 hours before the start: a check-in kept offline is judged at the time the phone made it', async () => {
    // Began 3 hours ago, for 6 hours: the door opened 5 hours ago.
    const { eventId, id, start } = await eventWithPerson(-3 * HOUR, 6 * HOUR);
    const opens = at(start).getTime() - 2 * HOUR;
    const tooEarly = await checkIn({ eventId, registrationId: id, key: randomUUID(), at: new Date(opens - 60_000).toISOString() });
    expect(tooEarly.status).toBe(409);
    const { error } = await tooEarly.json();
    expect(error.reason).toBe('not-open-yet');
    expect(error.message).toBe(`Check-in for this event opens on ${formatEventDate(wall(new Date(opens)))}, 2 hours before it starts`);
    expect(await checkedInAt(id)).toBeNull();

    const justOpen = new Date(opens + 60_000).toISOString();
    const res = await checkIn({ eventId, registrationId: id, key: randomUUID(), at: justOpen });
    expect(res.status).toBe(200);
    expect(await checkedInAt(id)).toBe(justOpen);
  });

  it('closes when the event ends, and a check-in made before then still counts when it arrives after', async () => {
    // Began 5 hours ago and ended an hour ago.
    const { eventId, id, end } = await eventWithPerson(-5 * HOUR, 4 * HOUR);
    const now = await checkIn({ eventId, registrationId: id });
    expect(now.status).toBe(409);
    expect((await now.json()).error).toMatchObject({
      reason: 'closed',
      message: `Check-in for this event closed when it ended, on ${formatEventDate(end)}`,
    });
    const afterEnd = await checkIn({
      eventId,
      registrationId: id,
      key: randomUUID(),
      at: new Date(at(end).getTime() + 60_000).toISOString(),
    });
    expect(afterEnd.status).toBe(409);
    expect((await afterEnd.json()).error.reason).toBe('closed');
    expect(await checkedInAt(id)).toBeNull();

    // Kept on a phone during the event, sent once the connection returned after it: counted, at its time.
    const key = randomUUID();
    const during = new Date(at(end).getTime() - HOUR).toISOString();
    const late = await checkIn({ eventId, registrationId: id, key, at: during });
    expect(late.status).toBe(200);
    expect(await checkedInAt(id)).toBe(during);
    // The same queue sent again: answered as recorded, not refused as closed.
    const again = await checkIn({ eventId, registrationId: id, key, at: during });
    expect(again.status).toBe(200);
    expect((await again.json()).checkedInAt).toBe(during);
  });

  it('takes each event’s own opening time, which the door list gives with the closing time', async () => {
    const made = await call(
      t,
      'POST',
      '/api/events',
      {
        title: 'Harbour clean',
        desc: 'Litter picking along the harbour wall.',
        date: '2099-06-01T09:00',
        end: '2099-06-01T12:00',
        checkinHoursBefore: '0.5',
      },
      admin.auth,
    );
    expect(made.status).toBe(200);
    const eventId: string = (await made.json()).insertedId;
    expect((await (await call(t, 'GET', `/api/events/${eventId}`)).json()).checkinHoursBefore).toBe(0.5);
    const list = await (await call(t, 'GET', `/api/events/${eventId}/checkins`, undefined, admin.auth)).json();
    expect(list.event).toMatchObject({
      checkinOpensAt: at('2099-06-01T08:30').toISOString(),
      checkinClosesAt: at('2099-06-01T12:00').toISOString(),
    });
    expect(list.event.checkinOpensAt).toBe('2099-06-01T02:30:00.000Z');

    for (const [value, message] of [
      [25, 'Check-in can open at most 24 hours before the start'],
      [-1, 'Check-in cannot open after the start'],
      [1.1, 'Check-in opening goes in quarter hours (e.g. 0.5, 1.25)'],
      ['soon', 'Check-in opening must be a number of hours'],
    ] as const) {
      const res = await call(
        t,
        'PUT',
        `/api/events/${eventId}`,
        { title: 'Harbour clean', desc: 'Litter.', date: '2099-06-01T09:00', checkinHoursBefore: value },
        admin.auth,
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toEqual({ checkinHoursBefore: message });
    }
    const changed = await call(
      t,
      'PUT',
      `/api/events/${eventId}`,
      { title: 'Harbour clean', desc: 'Litter.', date: '2099-06-01T09:00', checkinHoursBefore: 0 },
      admin.auth,
    );
    expect(changed.status).toBe(200);
    const shut = await (await call(t, 'GET', `/api/events/${eventId}/checkins`, undefined, admin.auth)).json();
    expect(shut.event.checkinOpensAt).toBe('2099-06-01T03:00:00.000Z');
  });

  it('lets a door open an hour before a short-notice event when its admin says so, and not 2 hours', async () => {
    // Starts in 90 minutes: inside the usual 2 hours, outside an hour.
    const { eventId, id } = await eventWithPerson(90 * 60_000, 2 * HOUR, { checkinOpensMinutes: 60 });
    const res = await checkIn({ eventId, registrationId: id });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toMatch(/, 1 hour before it starts$/);
    await t.app.db.update(eventTable).set({ checkinOpensMinutes: 120 }).where(eq(eventTable.id, eventId));
    expect((await checkIn({ eventId, registrationId: id })).status).toBe(200);
  });
});
