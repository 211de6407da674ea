import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../db/schema.ts';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** Makes the account's sessions look signed in `daysAgo` days ago, and renewed just now (idle expiry a week away). */
async function signedInDaysAgo(who: TestAccount, daysAgo: number) {
  const now = Date.now();
  await t.app.db
    .update(session)
    .set({ createdAt: new Date(now - daysAgo * DAY_MS), updatedAt: new Date(now), expiresAt: new Date(now + 7 * DAY_MS) })
    .where(eq(session.userId, who.id));
}

const myRegistrations = (who: TestAccount, headers: Record<string, string>) =>
  call(t, 'GET', `/api/register/event/${encodeURIComponent(who.email)}`, undefined, headers);

describe('the absolute lifetime of a session (30 days)', () => {
  it('lets a session renewed while used work until 30 days after sign-in', async () => {
    const who = await signUp(t);
    await signedInDaysAgo(who, 29);
    expect((await myRegistrations(who, who.auth)).status).toBe(200);
    expect((await myRegistrations(who, { cookie: who.cookie })).status).toBe(200);
  });

  it('refuses a session signed in more than 30 days ago with 401, however recently renewed, and deletes it', async () => {
    const who = await signUp(t);
    // Read once first, so the server holds it in its short-lived memory of sessions.
    expect((await myRegistrations(who, who.auth)).status).toBe(200);
    const before = t.app.replyCache.currentVersion;
    await signedInDaysAgo(who, 31);
    // The database announces the change (at once when embedded, a moment later from a server), and the
    // server reads the session again.
    while (t.app.replyCache.currentVersion === before) await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await myRegistrations(who, who.auth);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('unauthenticated');
    expect(await t.app.db.select().from(session).where(eq(session.userId, who.id))).toEqual([]);
    // The same session as a cookie is gone too, and the person is simply signed out.
    expect((await myRegistrations(who, { cookie: who.cookie })).status).toBe(401);
    expect(await (await call(t, 'GET', '/api/users/me', undefined, { cookie: who.cookie })).json()).toBeNull();
  });

  it("is kept by the sign-in library's own calls too: changing the password with an old session answers 401", async () => {
    const who = await signUp(t);
    await signedInDaysAgo(who, 31);
    const res = await call(
      t,
      'POST',
      '/api/auth/change-password',
      { currentPassword: who.password, newPassword: 'lantern-meadow-77' },
      who.auth,
    );
    expect(res.status).toBe(401);
    expect(await t.app.db.select().from(session).where(eq(session.userId, who.id))).toEqual([]);
    // The password did not change.
    expect((await call(t, 'POST', '/api/auth/sign-in/email', { email: who.email, password: who.password })).status).toBe(200);
  });

  it('leaves a new sign-in working after an old session ended', async () => {
    const who = await signUp(t);
    await signedInDaysAgo(who, 40);
    expect((await myRegistrations(who, who.auth)).status).toBe(401);
    const again = await call(t, 'POST', '/api/auth/sign-in/email', { email: who.email, password: who.password });
    expect(again.status).toBe(200);
    const token = again.headers.get('set-auth-token');
    expect((await myRegistrations(who, { authorization: `Bearer ${token}` })).status).toBe(200);
  });
});
