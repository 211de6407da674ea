import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account } from '../../db/schema.ts';
import { call, me, type TestAccount } from '../../test/accounts.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
let owner: TestAccount;
let other: TestAccount;
let volunteer: TestAccount;

const profile = { address: '1 High Street', age: '34', education: 'BSc', occupation: 'Nurse' };

async function snapshot() {
  return t.app.db.select().from(account).orderBy(account.email);
}

sharedApp(
  { admin: { role: 'admin' }, owner: {}, other: {}, volunteer: { role: 'volunteer' } },
  (started) => ({ t, admin, owner, other, volunteer } = started),
);

/** Each call of DECISIONS.md section 2 under /api/users, with who may make it about `owner`. */
const calls: { name: string; method: string; path: () => string; body?: unknown; rule: 'admin' | 'self-or-admin' | 'self' }[] = [
  { name: 'GET /users/{email}', method: 'GET', path: () => `/api/users/${owner.email}`, rule: 'self-or-admin' },
  { name: 'GET /users/account/{id}', method: 'GET', path: () => `/api/users/account/${owner.id}`, rule: 'self-or-admin' },
  { name: 'GET /users', method: 'GET', path: () => '/api/users', rule: 'admin' },
  { name: 'PUT /users/role', method: 'PUT', path: () => '/api/users/role', body: { email: 'OWNER', role: 'volunteer' }, rule: 'admin' },
  { name: 'DELETE /users/{id}', method: 'DELETE', path: () => `/api/users/${owner.id}`, rule: 'admin' },
];

const withOwner = (body: unknown) => JSON.parse(JSON.stringify(body ?? null).replace('OWNER', owner.email)) ?? undefined;

describe('who may call /api/users', () => {
  for (const c of calls) {
    it(`${c.name}: anonymous callers get 401 and nothing changes`, async () => {
      const before = await snapshot();
      const res = await call(t, c.method, c.path(), withOwner(c.body));
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('unauthenticated');
      expect(await snapshot()).toEqual(before);
    });

    it(`${c.name}: another signed-in account gets 403 and nothing changes`, async () => {
      const before = await snapshot();
      for (const caller of [other, volunteer]) {
        const res = await call(t, c.method, c.path(), withOwner(c.body), caller.auth);
        expect(res.status).toBe(403);
        expect((await res.json()).error.code).toBe('forbidden');
      }
      expect(await snapshot()).toEqual(before);
    });

    if (c.rule === 'self-or-admin') {
      it(`${c.name}: the owner and an admin may`, async () => {
        expect((await call(t, c.method, c.path(), undefined, owner.auth)).status).toBe(200);
        expect((await call(t, c.method, c.path(), undefined, { cookie: owner.cookie })).status).toBe(200);
        expect((await call(t, c.method, c.path(), undefined, admin.auth)).status).toBe(200);
      });
    } else {
      it(`${c.name}: the owner gets 403 too, as it is for admins only`, async () => {
        const before = await snapshot();
        expect((await call(t, c.method, c.path(), withOwner(c.body), owner.auth)).status).toBe(403);
        expect(await snapshot()).toEqual(before);
      });
    }
  }

  it("GET /users/me answers null signed out and the caller's own account signed in", async () => {
    expect(await me(t)).toBeNull();
    const mine = await me(t, owner.auth);
    expect(mine).toMatchObject({ _id: owner.id, email: owner.email, displayName: owner.name, role: 'donator', photoURL: null });
    expect(JSON.stringify(mine)).not.toMatch(/password|token/i);
  });

  it("PUT /users and POST /users change only the caller's own profile, never role or email", async () => {
    expect((await call(t, 'PUT', '/api/users', profile)).status).toBe(401);
    const res = await call(t, 'PUT', '/api/users', { ...profile, role: 'admin', email: admin.email, _id: admin.id }, other.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ modifiedCount: 1 });
    const [mine] = await t.app.db.select().from(account).where(eq(account.id, other.id));
    expect(mine).toMatchObject({ ...profile, role: 'donator', email: other.email });
    const [admins] = await t.app.db.select().from(account).where(eq(account.id, admin.id));
    expect(admins?.address).toBeNull();

    const renamed = await call(t, 'POST', '/api/users', { displayName: 'Renamed Person', email: admin.email }, other.auth);
    expect(await renamed.json()).toEqual({ modifiedCount: 1 });
    expect(await me(t, other.auth)).toMatchObject({ displayName: 'Renamed Person', name: 'Renamed Person', email: other.email });
  });

  it('PUT /users requires every profile field and names the missing ones', async () => {
    const res = await call(t, 'PUT', '/api/users', { address: '  ', age: '34' }, owner.auth);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(Object.keys(error.fields).sort()).toEqual(['address', 'education', 'occupation']);
    expect(error.fields.address).toBe('Address is required');
  });
});

describe('GET /api/users/{email}', () => {
  it('answers [isAdmin, isVolunteer]', async () => {
    expect(await (await call(t, 'GET', `/api/users/${admin.email}`, undefined, admin.auth)).json()).toEqual([true, false]);
    expect(await (await call(t, 'GET', `/api/users/${volunteer.email}`, undefined, volunteer.auth)).json()).toEqual([false, true]);
    expect(await (await call(t, 'GET', `/api/users/${owner.email.toUpperCase()}`, undefined, owner.auth)).json()).toEqual([false, false]);
  });
});

describe('GET /api/users (admin)', () => {
  it('searches names and emails and pages with the total', async () => {
    const res = await call(
      t,
      'GET',
      `/api/users?q=${encodeURIComponent(owner.email.slice(0, 10).toUpperCase())}&limit=1`,
      undefined,
      admin.auth,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('1');
    const [found] = await res.json();
    expect(found.email).toBe(owner.email);
    const all = await call(t, 'GET', '/api/users?limit=2&offset=0', undefined, admin.auth);
    expect(Number(all.headers.get('x-total-count'))).toBeGreaterThanOrEqual(4);
    expect(await all.json()).toHaveLength(2);
  });
});
