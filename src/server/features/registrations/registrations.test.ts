import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registration } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
let owner: TestAccount;
let other: TestAccount;
let volunteer: TestAccount;
let eventId: string;

const registrations = async () => t.app.db.select().from(registration).orderBy(registration.id);

sharedApp({ admin: { role: 'admin' }, owner: { name: 'Olga Owner' }, other: {}, volunteer: { role: 'volunteer' } }, async (started) => {
  ({ t, admin, owner, other, volunteer } = started);
  eventId = (await insertEvent(t.app.db, { title: 'Riverside Tree Planting Day', inDays: 10 })).id;
});

async function registerOwnerFor(id: string) {
  const res = await call(t, 'POST', '/api/register', { eventId: id }, owner.auth);
  expect(res.status).toBe(201);
  return (await res.json()).insertedId as string;
}

describe('POST /api/register', () => {
  it('needs a signed-in caller', async () => {
    const res = await call(t, 'POST', '/api/register', { eventId });
    expect(res.status).toBe(401);
    expect(await registrations()).toEqual([]);
  });

  it('registers the caller with their own name and email, whatever the payload says', async () => {
    const res = await call(
      t,
      'POST',
      '/api/register',
      { eventId, name: 'Forged Name', email: admin.email, image: 'https://evil.example/x.png', title: 'Forged title' },
      owner.auth,
    );
    expect(res.status).toBe(201);
    const { insertedId } = await res.json();
    const found = await (await call(t, 'GET', `/api/register/${insertedId}`, undefined, owner.auth)).json();
    expect(found).toMatchObject({
      _id: insertedId,
      eventId,
      title: 'Riverside Tree Planting Day',
      name: 'Olga Owner',
      email: owner.email,
      image: null,
      role: 'donator',
    });
  });

  it('answers 409 with the message for a second registration for the same event', async () => {
    const res = await call(t, 'POST', '/api/register', { eventId }, owner.auth);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('You are already registered for this event');
  });

  it('creates exactly one registration from 50 identical requests at once', async () => {
    const ev = await insertEvent(t.app.db, { inDays: 5 });
    const results = await Promise.all(Array.from({ length: 50 }, () => call(t, 'POST', '/api/register', { eventId: ev.id }, other.auth)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const [rows] = await t.app.db.select({ value: count() }).from(registration).where(eq(registration.eventId, ev.id));
    expect(rows?.value).toBe(1);
  });

  it('answers 404 for an unknown event, 400 for a malformed id and 409 for a past event', async () => {
    expect((await call(t, 'POST', '/api/register', { eventId: '0b6f6a57-1b7e-4a8e-9d53-6f1c2a5b9e10' }, owner.auth)).status).toBe(404);
    const malformed = await call(t, 'POST', '/api/register', { eventId: 'nope' }, owner.auth);
    expect(malformed.status).toBe(400);
    expect(Object.keys((await malformed.json()).error.fields)).toEqual(['eventId']);
    const past = await insertEvent(t.app.db, { inDays: -3 });
    const res = await call(t, 'POST', '/api/register', { eventId: past.id }, owner.auth);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('This event has already taken place');
  });
});

describe('reading and cancelling registrations', () => {
  it('GET /register is for admins only, searched and paged with the total', async () => {
    expect((await call(t, 'GET', '/api/register')).status).toBe(401);
    for (const who of [owner, volunteer]) expect((await call(t, 'GET', '/api/register', undefined, who.auth)).status).toBe(403);
    const res = await call(t, 'GET', '/api/register?q=TREE%20plant', undefined, admin.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('1');
    expect((await res.json())[0]).toMatchObject({ email: owner.email, title: 'Riverside Tree Planting Day' });
    const byEmail = await call(t, 'GET', `/api/register?q=${encodeURIComponent(other.email)}`, undefined, admin.auth);
    expect(byEmail.headers.get('x-total-count')).toBe('1');
  });

  it('GET /register/{id} is for its owner and admins', async () => {
    const id = (await registrations()).find((r) => r.accountId === owner.id)!.id;
    expect((await call(t, 'GET', `/api/register/${id}`)).status).toBe(401);
    expect((await call(t, 'GET', `/api/register/${id}`, undefined, other.auth)).status).toBe(403);
    expect((await call(t, 'GET', `/api/register/${id}`, undefined, owner.auth)).status).toBe(200);
    expect((await call(t, 'GET', `/api/register/${id}`, undefined, admin.auth)).status).toBe(200);
    expect((await call(t, 'GET', '/api/register/0b6f6a57-1b7e-4a8e-9d53-6f1c2a5b9e10', undefined, admin.auth)).status).toBe(404);
  });

  it("GET /register/event/{email} lists a person's registrations for them and for admins", async () => {
    const path = `/api/register/event/${owner.email}`;
    expect((await call(t, 'GET', path)).status).toBe(401);
    expect((await call(t, 'GET', path, undefined, other.auth)).status).toBe(403);
    const mine = await (await call(t, 'GET', path, undefined, owner.auth)).json();
    expect(mine.map((r: { eventId: string }) => r.eventId)).toEqual([eventId]);
    expect(await (await call(t, 'GET', path, undefined, admin.auth)).json()).toEqual(mine);
  });

  it('DELETE /register/{id}: others are refused and nothing changes; the owner cancels once', async () => {
    const ev = await insertEvent(t.app.db, { inDays: 8 });
    const id = await registerOwnerFor(ev.id);
    const before = await registrations();
    expect((await call(t, 'DELETE', `/api/register/${id}`)).status).toBe(401);
    expect((await call(t, 'DELETE', `/api/register/${id}`, undefined, other.auth)).status).toBe(403);
    expect((await call(t, 'DELETE', `/api/register/${id}`, undefined, volunteer.auth)).status).toBe(403);
    expect(await registrations()).toEqual(before);
    expect(await (await call(t, 'DELETE', `/api/register/${id}`, undefined, owner.auth)).json()).toEqual({ deletedCount: 1 });
    expect(await (await call(t, 'DELETE', `/api/register/${id}`, undefined, owner.auth)).json()).toEqual({ deletedCount: 0 });
  });

  it("DELETE /register/{id}: an admin may cancel anyone's registration", async () => {
    const ev = await insertEvent(t.app.db, { inDays: 9 });
    const id = await registerOwnerFor(ev.id);
    expect(await (await call(t, 'DELETE', `/api/register/${id}`, undefined, admin.auth)).json()).toEqual({ deletedCount: 1 });
  });
});

describe('GET /register: searching and sorting the admin list', () => {
  type Listed = { _id: string; title: string; name: string; email: string };

  async function list(query: string) {
    const res = await call(t, 'GET', `/api/register?${query}`, undefined, admin.auth);
    expect(res.status).toBe(200);
    return { total: Number(res.headers.get('x-total-count')), rows: (await res.json()) as Listed[] };
  }

  it('finds a registration by part of the email, the name or the event title, and follows a renamed event', async () => {
    const ev = await insertEvent(t.app.db, { title: 'Canal Towpath Clean-up', inDays: 12 });
    const walker = await signUp(t, { name: 'Wendell Walker', email: `wendell.walker-${Date.now()}@towpath.example` });
    expect((await call(t, 'POST', '/api/register', { eventId: ev.id }, walker.auth)).status).toBe(201);
    const emailsFound = async (q: string) => {
      const { total, rows } = await list(`q=${encodeURIComponent(q)}`);
      return { total, emails: rows.map((r) => r.email) };
    };
    const found = { total: 1, emails: [walker.email] };
    expect(await emailsFound('ALKER-')).toEqual(found);
    expect(await emailsFound('dell walk')).toEqual(found);
    expect(await emailsFound('towpath clean')).toEqual(found);

    const renamed = { title: 'Lock Gate Repainting', desc: 'Paint the lock gates.', banner: ev.banner, date: ev.date };
    expect((await call(t, 'PUT', `/api/events/${ev.id}`, renamed, admin.auth)).status).toBe(200);
    expect(await emailsFound('towpath clean')).toEqual({ total: 0, emails: [] });
    expect(await emailsFound('gate repaint')).toEqual(found);
    expect(await emailsFound('alker-')).toEqual(found);
    expect((await list(`q=gate%20repaint&sort=title`)).rows.map((r) => r.title)).toEqual(['Lock Gate Repainting']);
  });

  it('takes % and _ in a search literally', async () => {
    expect(await list('q=%25')).toEqual({ total: 0, rows: [] });
    expect(await list('q=_')).toEqual({ total: 0, rows: [] });
  });

  it('counts every registration when nothing is searched', async () => {
    const [stored] = await t.app.db.select({ value: count() }).from(registration);
    expect((await list('limit=1')).total).toBe(stored?.value);
  });

  it('sorts by title without regard to case, ties by id, in the same order page by page', async () => {
    const events = await Promise.all(
      ['Mudlark Morning', 'mudlark morning', 'MUDLARK MORNING'].map((title) => insertEvent(t.app.db, { title, inDays: 20 })),
    );
    const people = await Promise.all([1, 2, 3].map(() => signUp(t)));
    for (const person of people) for (const ev of events) await call(t, 'POST', '/api/register', { eventId: ev.id }, person.auth);

    const ascendingIds = (rows: Listed[]) => rows.map((r) => r._id).sort();
    const mudlarks = await list('q=mudlark&sort=title');
    expect(mudlarks.total).toBe(9);
    expect(mudlarks.rows.map((r) => r._id)).toEqual(ascendingIds(mudlarks.rows));
    expect((await list('q=mudlark&sort=-title')).rows.map((r) => r._id)).toEqual(ascendingIds(mudlarks.rows).reverse());

    for (const q of ['', 'mudlark']) {
      for (const sort of ['title', '-title', 'name', '-name', 'email', '-email', 'registeredAt', '-registeredAt']) {
        const all = await list(`q=${q}&sort=${sort}&limit=100`);
        expect(all.rows).toHaveLength(all.total);
        const paged: Listed[] = [];
        for (let offset = 0; offset < all.total; offset += 2)
          paged.push(...(await list(`q=${q}&sort=${sort}&limit=2&offset=${offset}`)).rows);
        expect(
          paged.map((r) => r._id),
          `${sort} q=${q}`,
        ).toEqual(all.rows.map((r) => r._id));
      }
    }
  });

  it('pages a search that matches more than a thousand registrations like any other', async () => {
    const ev = await insertEvent(t.app.db, { title: 'Bulk Sandbag Filling', inDays: 15 });
    await t.app.db.execute(sql`
      insert into account (id, name, email)
      select 'bulk-' || g, 'Bulk Volunteer ' || g, 'bulk' || lpad(g::text, 4, '0') || '@many.example' from generate_series(1, 1200) g`);
    await t.app.db.execute(sql`
      insert into registration (account_id, event_id, name, email, created_at)
      select 'bulk-' || g, ${ev.id}, 'Bulk Volunteer ' || g, 'bulk' || lpad(g::text, 4, '0') || '@many.example', now() - make_interval(secs => g)
      from generate_series(1, 1200) g`);
    const emails = Array.from({ length: 1200 }, (_, i) => `bulk${String(i + 1).padStart(4, '0')}@many.example`);
    for (const [sort, expected] of [
      ['', emails],
      ['email', emails],
      ['-email', [...emails].reverse()],
      ['-registeredAt', emails],
    ] as const) {
      for (const offset of [0, 575, 1190]) {
        const { total, rows } = await list(`q=many.example&limit=25&offset=${offset}${sort && `&sort=${sort}`}`);
        expect(total).toBe(1200);
        expect(
          rows.map((r) => r.email),
          `sort=${sort} offset=${offset}`,
        ).toEqual(expected.slice(offset, offset + 25));
      }
    }
    expect(await list('q=many.example&offset=1200')).toEqual({ total: 1200, rows: [] });
  });
});
