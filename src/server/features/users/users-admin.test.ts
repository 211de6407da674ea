import { count, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account, credential, donation, registration, session } from '../../db/schema.ts';
import { call, me, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertDonation, insertEvent } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
sharedApp({ admin: { role: 'admin' } }, (started) => ({ t, admin } = started));

const roleOf = async (id: string) => (await t.app.db.select({ role: account.role }).from(account).where(eq(account.id, id)))[0]?.role;

describe('PUT /api/users/role', () => {
  it('gives an account a role by its email and reports what changed', async () => {
    const person = await signUp(t);
    const res = await call(t, 'PUT', '/api/users/role', { email: person.email.toUpperCase(), role: 'volunteer' }, admin.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(person.id)).toBe('volunteer');
    const again = await call(t, 'PUT', '/api/users/role', { email: person.email, role: 'volunteer' }, admin.auth);
    expect(await again.json()).toEqual({ modifiedCount: 0 });
  });

  it('says which field is wrong, and 404 for an unknown email', async () => {
    const bad = await call(t, 'PUT', '/api/users/role', { email: 'nobody@example.org', role: 'king' }, admin.auth);
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields)).toEqual(['role']);
    const missing = await call(t, 'PUT', '/api/users/role', { email: 'nobody@example.org', role: 'admin' }, admin.auth);
    expect(missing.status).toBe(404);
  });

  it('never demotes the last admin, and says why', async () => {
    const res = await call(t, 'PUT', '/api/users/role', { email: admin.email, role: 'donator' }, admin.auth);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toMatch(/only admin/);
    expect(await roleOf(admin.id)).toBe('admin');
  });

  it('leaves one admin when two admins demote each other at the same moment', async () => {
    const a = await signUp(t, { role: 'admin' });
    const b = await signUp(t, { role: 'admin' });
    // Leave only a and b as admins.
    await t.app.db.update(account).set({ role: 'volunteer' }).where(eq(account.id, admin.id));
    const results = await Promise.all([
      call(t, 'PUT', '/api/users/role', { email: b.email, role: 'donator' }, a.auth),
      call(t, 'PUT', '/api/users/role', { email: a.email, role: 'donator' }, b.auth),
    ]);
    const statuses = results.map((r) => r.status).sort();
    // Either one wins and the other is refused, or the loser was no longer an admin when it got its turn.
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const [admins] = await t.app.db.select({ value: count() }).from(account).where(eq(account.role, 'admin'));
    expect(admins?.value).toBe(1);
    await t.app.db.update(account).set({ role: 'admin' }).where(eq(account.id, admin.id));
  });
});

describe('DELETE /api/users/{id}', () => {
  it('removes the account with its sign-in, sessions and registrations, and keeps its donations', async () => {
    const person = await signUp(t);
    const ev = await insertEvent(t.app.db);
    await t.app.db.insert(registration).values({ accountId: person.id, eventId: ev.id, name: person.name, email: person.email });
    await insertDonation(t.app.db, person, ev, { transaction: `pi_test_${person.id}` });

    const res = await call(t, 'DELETE', `/api/users/${person.id}`, undefined, admin.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedCount: 1 });

    const db = t.app.db;
    expect(await db.select().from(account).where(eq(account.id, person.id))).toEqual([]);
    expect(await db.select().from(credential).where(eq(credential.userId, person.id))).toEqual([]);
    expect(await db.select().from(session).where(eq(session.userId, person.id))).toEqual([]);
    expect(await db.select().from(registration).where(eq(registration.eventId, ev.id))).toEqual([]);
    const [kept] = await db
      .select()
      .from(donation)
      .where(eq(donation.transaction, `pi_test_${person.id}`));
    expect(kept).toMatchObject({ email: person.email, amountCents: 3000, accountId: null });

    expect(await me(t, person.auth)).toBeNull();
    const signIn = await call(t, 'POST', '/api/auth/sign-in/email', { email: person.email, password: person.password });
    expect(signIn.status).toBe(401);
  });

  it('answers deletedCount 0 for an account that is already gone', async () => {
    const res = await call(t, 'DELETE', '/api/users/no-such-account', undefined, admin.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedCount: 0 });
  });

  it('never deletes the last admin', async () => {
    await t.app.db.update(account).set({ role: 'donator' }).where(ne(account.id, admin.id));
    const res = await call(t, 'DELETE', `/api/users/${admin.id}`, undefined, admin.auth);
    expect(res.status).toBe(409);
    expect(await roleOf(admin.id)).toBe('admin');
  });
});
