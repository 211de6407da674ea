import { describe, expect, it } from 'vitest';
import { registration } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
let volunteer: TestAccount;
let eventId: string;
const people: TestAccount[] = [];

sharedApp({ admin: { role: 'admin' }, volunteer: { role: 'volunteer' } }, async (started) => {
  ({ t, admin, volunteer } = started);
  for (const name of ['Zoe Zed', 'adam Ash', 'Mia Moss', 'Wes Wait', 'Una Up', 'Tom "Quote", Jr']) people.push(await signUp(t, { name }));
  const ev = await insertEvent(t.app.db, {
    title: 'Harbour clean-up',
    time: '09:30:00',
    endAt: '2030-01-01 12:00:00',
    location: 'North Pier',
    capacity: 3,
  });
  eventId = ev.id;
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 10, minutes));
  const row = (who: TestAccount, minutes: number, status: 'registered' | 'waitlisted', position: number | null = null) => ({
    accountId: who.id,
    eventId,
    name: who.name,
    email: who.email,
    status,
    position,
    createdAt: at(minutes),
  });
  const [zoe, adam, mia, wes, una, tom] = people as [TestAccount, TestAccount, TestAccount, TestAccount, TestAccount, TestAccount];
  // Inserted out of order: the roster orders them, not the insert.
  await t.app.db
    .insert(registration)
    .values([
      row(una, 5, 'waitlisted', 2),
      row(zoe, 1, 'registered'),
      row(tom, 6, 'waitlisted', 3),
      row(mia, 3, 'registered'),
      row(wes, 4, 'waitlisted', 1),
      row(adam, 2, 'registered'),
    ]);
  // Someone else's event: not on this roster.
  const other = await insertEvent(t.app.db);
  await t.app.db.insert(registration).values({ accountId: volunteer.id, eventId: other.id, name: volunteer.name, email: volunteer.email });
});

describe('GET /api/events/{id}/roster', () => {
  it('gives the event, the people registered by name and the waitlist by position', async () => {
    const res = await call(t, 'GET', `/api/events/${eventId}/roster`, undefined, admin.auth);
    expect(res.status).toBe(200);
    const roster = await res.json();
    expect(roster.event).toMatchObject({
      _id: eventId,
      title: 'Harbour clean-up',
      end: '2030-01-01T12:00',
      location: 'North Pier',
      capacity: 3,
    });
    expect(roster.event.date).toMatch(/^\d{4}-\d{2}-\d{2}T09:30$/);
    expect(roster.registered.map((p: { name: string }) => p.name)).toEqual(['adam Ash', 'Mia Moss', 'Zoe Zed']);
    expect(roster.registered[0]).toEqual({
      _id: expect.any(String),
      name: 'adam Ash',
      email: people[1]?.email,
      registeredAt: '2026-01-01T10:02:00.000Z',
      shift: null,
      answers: null,
    });
    expect(roster.shifts).toEqual([]);
    expect(roster.questions).toEqual([]);
    expect(roster.waitlist.map((p: { name: string; position: number }) => [p.position, p.name])).toEqual([
      [1, 'Wes Wait'],
      [2, 'Una Up'],
      [3, 'Tom "Quote", Jr'],
    ]);
  });

  it('answers 404 for an unknown or malformed event id', async () => {
    expect((await call(t, 'GET', '/api/events/00000000-0000-4000-8000-000000000000/roster', undefined, admin.auth)).status).toBe(404);
    expect((await call(t, 'GET', '/api/events/nope/roster', undefined, admin.auth)).status).toBe(404);
    expect((await call(t, 'GET', '/api/events/nope/roster.csv', undefined, admin.auth)).status).toBe(404);
  });

  it('refuses signed-out callers (401) and non-admins (403), as JSON and as CSV', async () => {
    for (const path of [`/api/events/${eventId}/roster`, `/api/events/${eventId}/roster.csv`]) {
      expect((await call(t, 'GET', path)).status).toBe(401);
      expect((await call(t, 'GET', path, undefined, volunteer.auth)).status).toBe(403);
      expect((await call(t, 'GET', path, undefined, people[0]?.auth)).status).toBe(403);
    }
  });
});

describe('GET /api/events/{id}/roster.csv', () => {
  it('is the same roster as a CSV download: registered by name, then the waitlist in order', async () => {
    const res = await call(t, 'GET', `/api/events/${eventId}/roster.csv`, undefined, admin.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="roster-\d{4}-\d{2}-\d{2}\.csv"$/);
    const roster = await (await call(t, 'GET', `/api/events/${eventId}/roster`, undefined, admin.auth)).json();
    const lines = [
      '\uFEFFStatus,Waitlist position,Name,Email,Registered at',
      ...roster.registered.map(
        (p: { name: string; email: string; registeredAt: string }) => `Registered,,${p.name},${p.email},${p.registeredAt}`,
      ),
      `Waitlisted,1,Wes Wait,${people[3]?.email},2026-01-01T10:04:00.000Z`,
      `Waitlisted,2,Una Up,${people[4]?.email},2026-01-01T10:05:00.000Z`,
      `Waitlisted,3,"Tom ""Quote"", Jr",${people[5]?.email},2026-01-01T10:06:00.000Z`,
    ];
    // fetch's text() drops the byte-order mark; the bytes keep it.
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.toString('utf8')).toBe(`${lines.join('\r\n')}\r\n`);
  });
});
