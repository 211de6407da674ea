import { beforeAll, describe, expect, it } from 'vitest';
import { todayIn, wallClockAt } from '../../../shared/time-zone.ts';
import { event } from '../../db/schema.ts';
import { dayFrom } from '../../db/seed.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { defaultSiteSettings, readSiteSettings, writeSiteSettings } from '../site/settings.ts';

let t: TestApp;
let admin: TestAccount;

const valid = {
  title: 'Harbour Litter Pick',
  desc: 'Two hours along the harbour wall.',
  banner: 'https://pictures.example.org/harbour.jpg',
  date: '2099-06-01T09:00',
};

sharedApp({ admin: { role: 'admin' } }, async (started) => {
  ({ t, admin } = started);
  await writeSiteSettings(t.app.db, { ...defaultSiteSettings(), timeZone: 'Europe/London' }, null);
});

const setTimeZone = async (timeZone: string) => writeSiteSettings(t.app.db, { ...(await readSiteSettings(t.app.db)), timeZone }, null);
const shown = async (id: string) => (await t.api(`/api/events/${id}`)).json();
const idsOf = async (query: string) => {
  const res = await t.api(`/api/events?${query}`);
  return { ids: ((await res.json()) as { _id: string }[]).map((e) => e._id), total: res.headers.get('x-total-count') };
};

describe('location, end and capacity on an event', () => {
  it('are stored as sent and given back, the end as the site’s wall clock', async () => {
    const res = await call(
      t,
      'POST',
      '/api/events',
      { ...valid, location: '  Harbour Wall, Whitby ', end: '2099-06-01T11:30', capacity: '12' },
      admin.auth,
    );
    expect(res.status).toBe(200);
    const { insertedId } = await res.json();
    expect(await shown(insertedId)).toMatchObject({
      location: 'Harbour Wall, Whitby',
      end: '2099-06-01T11:30',
      capacity: 12,
      registered: 0,
      spotsLeft: 12,
      past: false,
    });
  });

  it('reads an end with Z or an offset as that instant, on the site’s clock (Europe/London in summer: UTC+1)', async () => {
    for (const [end, expected] of [
      ['2099-06-01T15:00:00Z', '2099-06-01T16:00'],
      ['2099-06-01T18:00+02:00', '2099-06-01T17:00'],
      ['2099-06-01T12:45:30', '2099-06-01T12:45'],
    ] as const) {
      const res = await call(t, 'POST', '/api/events', { ...valid, end }, admin.auth);
      expect(res.status, end).toBe(200);
      expect((await shown((await res.json()).insertedId)).end, end).toBe(expected);
    }
  });

  it('treats empty boxes as none: no place, no end, no limit', async () => {
    const res = await call(t, 'POST', '/api/events', { ...valid, location: '', end: '', capacity: '' }, admin.auth);
    const found = await shown((await res.json()).insertedId);
    expect(found).toMatchObject({ location: null, end: null, capacity: null, spotsLeft: null });
  });

  it('keeps them when an update leaves them out, and clears them when it sends them empty', async () => {
    const { insertedId } = await (
      await call(t, 'POST', '/api/events', { ...valid, location: 'Town Hall', end: '2099-06-01T12:00', capacity: 5 }, admin.auth)
    ).json();
    expect((await call(t, 'PUT', `/api/events/${insertedId}`, { ...valid, title: 'Renamed' }, admin.auth)).status).toBe(200);
    expect(await shown(insertedId)).toMatchObject({ title: 'Renamed', location: 'Town Hall', end: '2099-06-01T12:00', capacity: 5 });
    const cleared = await call(t, 'PUT', `/api/events/${insertedId}`, { ...valid, location: '', end: null, capacity: '' }, admin.auth);
    expect(cleared.status).toBe(200);
    expect(await shown(insertedId)).toMatchObject({ location: null, end: null, capacity: null });
  });

  it('refuses to move an event past the end it keeps, changing nothing', async () => {
    const { insertedId } = await (await call(t, 'POST', '/api/events', { ...valid, end: '2099-06-01T12:00' }, admin.auth)).json();
    const moved = await call(t, 'PUT', `/api/events/${insertedId}`, { ...valid, date: '2099-06-10T09:00' }, admin.auth);
    expect(moved.status).toBe(400);
    expect((await moved.json()).error.fields).toEqual({ end: 'End must be after the start' });
    expect(await shown(insertedId)).toMatchObject({ date: '2099-06-01T09:00', end: '2099-06-01T12:00', past: false });
    const withEnd = await call(
      t,
      'PUT',
      `/api/events/${insertedId}`,
      { ...valid, date: '2099-06-10T09:00', end: '2099-06-10T11:00' },
      admin.auth,
    );
    expect(withEnd.status).toBe(200);
  });

  it('compares an end written with a small t like one with a capital T', async () => {
    const res = await call(t, 'POST', '/api/events', { ...valid, date: '2099-01-01T17:00', end: '2099-01-01t09:00' }, admin.auth);
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ end: 'End must be after the start' });
    const later = await call(t, 'POST', '/api/events', { ...valid, date: '2099-01-01T17:00', end: '2099-01-01t19:30' }, admin.auth);
    expect(await shown((await later.json()).insertedId)).toMatchObject({ end: '2099-01-01T19:30' });
  });

  it.each([
    [{ end: '2099-06-01T08:59' }, 'end', 'End must be after the start'],
    [{ end: '2099-06-01T09:00' }, 'end', 'End must be after the start'],
    [{ end: '2099-06-01T07:00:00Z' }, 'end', 'End must be after the start'],
    [{ end: 'tomorrow evening' }, 'end', 'Use a date and time for the end, like 2026-12-05T17:00'],
    [{ end: '2099-06-01' }, 'end', 'Use a date and time for the end, like 2026-12-05T17:00'],
    [{ end: '2099-02-30T10:00' }, 'end', 'That end date does not exist'],
    [{ end: 42 }, 'end', 'End must be a date and time'],
    [{ capacity: 0 }, 'capacity', 'Capacity must be at least 1, or empty for no limit'],
    [{ capacity: '-3' }, 'capacity', 'Capacity must be at least 1, or empty for no limit'],
    [{ capacity: 2.5 }, 'capacity', 'Capacity must be a whole number'],
    [{ capacity: 'twelve' }, 'capacity', 'Capacity must be a whole number'],
    [{ location: 'x'.repeat(201) }, 'location', 'Location must be at most 200 characters'],
    [{ location: 7 }, 'location', 'Location must be text'],
  ])('refuses %j with a message on %s', async (fields, field, message) => {
    const res = await call(t, 'POST', '/api/events', { ...valid, ...fields }, admin.auth);
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ [field]: message });
  });
});

describe('past events', () => {
  it('an event is past once its end has come, or without one once its day is over, by the site’s clock', async () => {
    await setTimeZone('UTC');
    const now = wallClockAt('UTC');
    const today = now.slice(0, 10);
    const yesterday = dayFrom(new Date(`${today}T12:00:00Z`), -1);
    const tomorrow = dayFrom(new Date(`${today}T12:00:00Z`), 1);
    const minuteAgo = wallClockAt('UTC', new Date(Date.now() - 60_000)).replace('T', ' ');
    const inAnHour = wallClockAt('UTC', new Date(Date.now() + 3_600_000)).replace('T', ' ');
    const cases = [
      [await insertEvent(t.app.db, { date: yesterday }), true],
      [await insertEvent(t.app.db, { date: today }), false],
      [await insertEvent(t.app.db, { date: yesterday, time: '00:00', endAt: minuteAgo }), true],
      [await insertEvent(t.app.db, { date: yesterday, time: '00:00', endAt: inAnHour }), false],
      [await insertEvent(t.app.db, { date: tomorrow }), false],
    ] as const;
    for (const [row, past] of cases) expect((await shown(row.id)).past, `${row.date} ${row.endAt}`).toBe(past);
  });

  it('follows the site’s time zone where the day has already changed (or not yet)', async () => {
    // Kiritimati is UTC+14 and Pago Pago UTC−11: at any moment one of them is on another day than UTC.
    const zone = todayIn('Pacific/Kiritimati') !== todayIn('UTC') ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    await setTimeZone(zone);
    const utcToday = await insertEvent(t.app.db, { date: todayIn('UTC') });
    const zoneToday = await insertEvent(t.app.db, { date: todayIn(zone) });
    expect((await shown(utcToday.id)).past).toBe(todayIn('UTC') < todayIn(zone));
    expect((await shown(zoneToday.id)).past).toBe(false);
    const [who] = [await signUp(t)];
    const res = await call(t, 'POST', '/api/register', { eventId: utcToday.id }, who!.auth);
    expect(res.status).toBe(todayIn('UTC') < todayIn(zone) ? 409 : 201);
    await setTimeZone('Europe/London');
  });
});

describe('GET /api/events?when=', () => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    await t.app.db.delete(event);
    await setTimeZone('UTC');
    const today = todayIn('UTC');
    const at = (days: number) => dayFrom(new Date(`${today}T12:00:00Z`), days);
    ids = {
      lastWeek: (await insertEvent(t.app.db, { title: 'Last week', date: at(-7) })).id,
      lastMonth: (await insertEvent(t.app.db, { title: 'Last month', date: at(-30) })).id,
      // Began before today, ends next week: still going on, so upcoming.
      festival: (await insertEvent(t.app.db, { title: 'Festival week', date: at(-2), time: '10:00', endAt: `${at(5)} 18:00:00` })).id,
      soon: (await insertEvent(t.app.db, { title: 'Soon', date: at(2) })).id,
      later: (await insertEvent(t.app.db, { title: 'Later', date: at(9), capacity: 3 })).id,
    };
  });

  it('upcoming: those still to come or going on, soonest first, with their count', async () => {
    const { ids: listed, total } = await idsOf('when=upcoming');
    expect(listed).toEqual([ids.festival, ids.soon, ids.later]);
    expect(total).toBe('3');
  });

  it('past: those that have ended, most recent first, with their count', async () => {
    const { ids: listed, total } = await idsOf('when=past');
    expect(listed).toEqual([ids.lastWeek, ids.lastMonth]);
    expect(total).toBe('2');
  });

  it('absent: upcoming then past, paged as one list', async () => {
    const { ids: listed, total } = await idsOf('');
    expect(listed).toEqual([ids.festival, ids.soon, ids.later, ids.lastWeek, ids.lastMonth]);
    expect(total).toBe('5');
    expect((await idsOf('limit=2&offset=2')).ids).toEqual([ids.later, ids.lastWeek]);
    expect((await idsOf('when=upcoming&limit=1&offset=1')).ids).toEqual([ids.soon]);
  });

  it('with a sort and a search, still only the chosen half', async () => {
    expect((await idsOf('when=upcoming&sort=title')).ids).toEqual([ids.festival, ids.later, ids.soon]);
    expect((await idsOf('when=past&q=month')).ids).toEqual([ids.lastMonth]);
  });

  it('gives each event its places and whether it is past', async () => {
    const [who] = [await signUp(t)];
    expect((await call(t, 'POST', '/api/register', { eventId: ids.later }, who!.auth)).status).toBe(201);
    const events = await (await t.api('/api/events')).json();
    expect(events.find((e: { _id: string }) => e._id === ids.later)).toMatchObject({
      capacity: 3,
      registered: 1,
      spotsLeft: 2,
      past: false,
    });
    expect(events.find((e: { _id: string }) => e._id === ids.lastWeek)).toMatchObject({ registered: 0, spotsLeft: null, past: true });
  });

  it('refuses another value', async () => {
    const res = await t.api('/api/events?when=tomorrow');
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ when: 'When must be upcoming or past' });
  });
});

describe('a waitlisted person in a list of registrations', () => {
  it('the CSV names each registration’s status and waitlist number', async () => {
    const ev = await insertEvent(t.app.db, { title: 'One place only', inDays: 4, capacity: 1 });
    const [first, second] = [await signUp(t), await signUp(t)];
    await call(t, 'POST', '/api/register', { eventId: ev.id }, first.auth);
    await call(t, 'POST', '/api/register', { eventId: ev.id }, second.auth);
    const csv = await (await call(t, 'GET', '/api/register/export.csv', undefined, admin.auth)).text();
    const lines = csv.split(/\r?\n/);
    expect(lines[0]).toContain('Status,Waitlist number');
    expect(lines.find((l) => l.includes(second.email))).toContain('waitlisted,1');
    expect(lines.find((l) => l.includes(first.email))).toContain('registered,,');
  });
});
