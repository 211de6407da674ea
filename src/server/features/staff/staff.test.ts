import { describe, expect, it } from 'vitest';
import { dayFrom } from '../../db/seed.ts';
import { call, type TestAccount } from '../../test/accounts.ts';
import { insertEvent, insertShift } from '../../test/factories.ts';
import { setUpSecondFactor } from '../../test/second-factor.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * Door staff and shift leads (issue 32): people an admin names to run one event's door and read its
 * roster, of any role, without a second factor, and nothing else. Run with ADMIN_MFA=required, as in
 * production, so that an admin's own calls need the second factor and a named person's do not.
 */

let t: TestApp;
let admin: Record<string, string>;
let lead: TestAccount;
let attendee: TestAccount;
let adminWithoutCode: TestAccount;
let stranger: TestAccount;
let doorEvent: { id: string; date: string };
let otherEvent: { id: string };
let registrationId: string;
let otherRegistrationId: string;

sharedApp(
  {
    boss: { role: 'admin' },
    lead: { role: 'donator', name: 'Lena Lead' },
    attendee: { role: 'volunteer' },
    adminWithoutCode: { role: 'admin' },
    stranger: { role: 'volunteer' },
  },
  async (started) => {
    ({ t, lead, attendee, adminWithoutCode, stranger } = started);
    admin = { cookie: (await setUpSecondFactor(t, started.boss)).cookie };
    // Under way today, so that the door is open.
    doorEvent = await insertEvent(t.app.db, {
      inDays: 0,
      time: '00:00',
      endAt: `${dayFrom(new Date(), 1)} 23:00:00`,
      title: 'Street fair',
    });
    otherEvent = await insertEvent(t.app.db, { inDays: 0, time: '00:00', endAt: `${dayFrom(new Date(), 1)} 23:00:00` });
    // The whole of today, so that it is still on whenever the suite runs.
    const sorting = await insertShift(t.app.db, doorEvent, { role: 'Sorter', at: 0, hours: 24 });
    const mine = await call(t, 'POST', '/api/register', { eventId: doorEvent.id, shiftIds: [sorting.id] }, attendee.auth);
    registrationId = (await mine.json()).insertedId;
    const theirs = await call(t, 'POST', '/api/register', { eventId: otherEvent.id }, attendee.auth);
    otherRegistrationId = (await theirs.json()).insertedId;
  },
  { adminMfa: 'required' },
);

const doorCalls = (eventId: string, id: string) => [
  { method: 'GET', path: `/api/events/${eventId}/roster` },
  { method: 'GET', path: `/api/events/${eventId}/roster.csv` },
  { method: 'GET', path: `/api/events/${eventId}/checkins` },
  { method: 'POST', path: '/api/checkin', body: { eventId, registrationId: id } },
  { method: 'DELETE', path: `/api/checkin/${id}` },
];

describe('naming door staff', () => {
  it('an admin names people by email, lists and removes them; an unknown email is refused, naming the field', async () => {
    const added = await call(t, 'POST', `/api/events/${doorEvent.id}/staff`, { email: lead.email.toUpperCase() }, admin);
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ accountId: lead.id, name: 'Lena Lead', email: lead.email });
    // Named twice: still once.
    expect((await call(t, 'POST', `/api/events/${doorEvent.id}/staff`, { email: lead.email }, admin)).status).toBe(200);
    const listed = await (await call(t, 'GET', `/api/events/${doorEvent.id}/staff`, undefined, admin)).json();
    expect(listed).toEqual([{ accountId: lead.id, name: 'Lena Lead', email: lead.email, addedAt: expect.any(String) }]);

    const unknown = await call(t, 'POST', `/api/events/${doorEvent.id}/staff`, { email: 'nobody@example.org' }, admin);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.fields).toEqual({ email: 'No account has this email' });
    const noEvent = await call(t, 'POST', '/api/events/00000000-0000-4000-8000-000000000000/staff', { email: lead.email }, admin);
    expect(noEvent.status).toBe(404);
  });

  it('only admins name door staff', async () => {
    expect((await call(t, 'POST', `/api/events/${doorEvent.id}/staff`, { email: stranger.email }, lead.auth)).status).toBe(403);
    expect((await call(t, 'GET', `/api/events/${doorEvent.id}/staff`, undefined, lead.auth)).status).toBe(403);
  });
});

describe('what door staff may do', () => {
  it('runs the door of their event: its roster (with shifts), door list, check-in and undo', async () => {
    const roster = await (await call(t, 'GET', `/api/events/${doorEvent.id}/roster`, undefined, lead.auth)).json();
    expect(roster.shifts.map((s: { role: string }) => s.role)).toEqual(['Sorter']);
    expect(roster.registered).toEqual([
      expect.objectContaining({ _id: registrationId, shift: expect.objectContaining({ role: 'Sorter' }) }),
    ]);
    const door = await (await call(t, 'GET', `/api/events/${doorEvent.id}/checkins`, undefined, lead.auth)).json();
    // Hours are the shift's: the whole day.
    expect(door.people).toEqual([
      expect.objectContaining({ registrationId, hours: 24, shift: expect.objectContaining({ role: 'Sorter' }) }),
    ]);
    const checked = await call(t, 'POST', '/api/checkin', { eventId: doorEvent.id, registrationId }, lead.auth);
    expect(checked.status).toBe(200);
    expect(await checked.json()).toMatchObject({ registrationId, shift: { role: 'Sorter' } });
    expect(await (await call(t, 'DELETE', `/api/checkin/${registrationId}`, undefined, lead.auth)).json()).toEqual({ modifiedCount: 1 });
    const csv = await (await call(t, 'GET', `/api/events/${doorEvent.id}/roster.csv`, undefined, lead.auth)).text();
    expect(csv.split('\r\n')[0]).toBe('Shift,Shift starts,Shift ends,Status,Waitlist position,Name,Email,Registered at');
    expect(csv).toContain(`Sorter,${doorEvent.date}T00:00,${dayFrom(new Date(), 1)}T00:00,Registered,,`);
  });

  it('lists the events whose door they run', async () => {
    const events = await (await call(t, 'GET', '/api/door/events', undefined, lead.auth)).json();
    expect(events).toEqual([expect.objectContaining({ _id: doorEvent.id, title: 'Street fair' })]);
    expect(await (await call(t, 'GET', '/api/door/events', undefined, stranger.auth)).json()).toEqual([]);
  });

  it('nothing else: not another event’s door, no admin page or call, not the hours', async () => {
    for (const c of doorCalls(otherEvent.id, otherRegistrationId)) {
      const res = await call(t, c.method, c.path, c.body, lead.auth);
      expect(res.status, `${c.method} ${c.path}`).toBe(403);
    }
    for (const path of [
      '/api/register',
      '/api/overview',
      '/api/users',
      '/api/payment',
      `/api/events/${doorEvent.id}/staff`,
      '/api/audit',
    ]) {
      expect((await call(t, 'GET', path, undefined, lead.auth)).status, path).toBe(403);
    }
    expect((await call(t, 'PATCH', `/api/checkin/${registrationId}`, { hours: 1 }, lead.auth)).status).toBe(403);
    const shifts = await call(
      t,
      'POST',
      `/api/events/${doorEvent.id}/shifts`,
      { role: 'X', startsAt: `${doorEvent.date}T10:00`, endsAt: `${doorEvent.date}T11:00` },
      lead.auth,
    );
    expect(shifts.status).toBe(403);
  });

  it('people not named are refused at the door', async () => {
    for (const c of doorCalls(doorEvent.id, registrationId)) {
      expect((await call(t, c.method, c.path, c.body, stranger.auth)).status, `${c.method} ${c.path}`).toBe(403);
      expect((await call(t, c.method, c.path, c.body)).status, `${c.method} ${c.path}`).toBe(401);
    }
  });

  it('an admin named for the door runs it without the second factor, but nothing else without it', async () => {
    const before = await call(t, 'GET', `/api/events/${doorEvent.id}/checkins`, undefined, adminWithoutCode.auth);
    expect(before.status).toBe(403);
    expect((await before.json()).error.code).toBe('mfa_required');
    await call(t, 'POST', `/api/events/${doorEvent.id}/staff`, { email: adminWithoutCode.email }, admin);
    expect((await call(t, 'GET', `/api/events/${doorEvent.id}/checkins`, undefined, adminWithoutCode.auth)).status).toBe(200);
    expect((await call(t, 'GET', '/api/overview', undefined, adminWithoutCode.auth)).status).toBe(403);
  });

  it('removed, they can no longer run the door', async () => {
    const removed = await call(t, 'DELETE', `/api/events/${doorEvent.id}/staff/${lead.id}`, undefined, admin);
    expect(await removed.json()).toEqual({ deletedCount: 1 });
    expect((await call(t, 'GET', `/api/events/${doorEvent.id}/roster`, undefined, lead.auth)).status).toBe(403);
    expect(await (await call(t, 'GET', '/api/door/events', undefined, lead.auth)).json()).toEqual([]);
  });
});
