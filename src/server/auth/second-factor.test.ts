import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, outboxMessage, session, twoFactor } from '../db/schema.ts';
import { call, me, sessionOf, signIn, signUp, type TestAccount } from '../test/accounts.ts';
import { cookiesOf, setUpSecondFactor } from '../test/second-factor.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { totpCode, unusedTotpCode } from '../test/totp.ts';
import { CODE_FAILURES_BEFORE_LOCK } from './second-factor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ adminMfa: 'required' });
});
afterAll(() => t.close());

const adminCall = (headers: Record<string, string>) => call(t, 'GET', '/api/users?limit=5', undefined, headers);
const twoFactorCall = (path: string, body: unknown, cookie: string) => call(t, 'POST', `/api/auth/two-factor/${path}`, body, { cookie });

/** The session behind a cookie no longer counts as having passed the second factor: what a Google or OpenID Connect sign-in makes. */
async function asProviderSession(cookie: string) {
  const token = decodeURIComponent(cookie.split('better-auth.session_token=')[1]?.split(';')[0] ?? '').split('.')[0] ?? '';
  await t.app.db.update(session).set({ secondFactor: false }).where(eq(session.token, token));
}

/** A password sign-in stopped at its code step: the cookie naming whose sign-in waits. */
async function waitingForCode(who: TestAccount) {
  const res = await signIn(t, who.email, who.password);
  expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
  return cookiesOf(res);
}

const securityMails = async (email: string) =>
  (await t.app.db.select({ kind: outboxMessage.kind }).from(outboxMessage).where(eq(outboxMessage.to, email)))
    .map((row) => row.kind)
    .filter((kind) => kind.startsWith('security-'));

describe('the second factor cannot be walked around with the password', () => {
  it('refuses new recovery codes, turning it off and enrolling again on a provider session; its recovery codes keep working', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const { backupCodes, cookie } = await setUpSecondFactor(t, admin);
    await asProviderSession(cookie);
    expect((await adminCall({ cookie })).status).toBe(403);

    const minted = await twoFactorCall('generate-backup-codes', { password: admin.password }, cookie);
    expect(minted.status).toBe(403);
    expect((await minted.json()).error.message).toMatch(/^Enter a code from your authenticator app first/);
    expect((await twoFactorCall('enable', { password: admin.password }, cookie)).status).toBe(403);
    expect((await twoFactorCall('disable', { password: admin.password }, cookie)).status).toBe(403);
    expect(await me(t, { cookie })).toMatchObject({ twoFactorEnabled: true, mfaRequired: 'confirm' });
    expect((await adminCall({ cookie })).status).toBe(403);

    // The owner's codes were not replaced: one still finishes a sign-in.
    const owner = await twoFactorCall('verify-backup-code', { code: backupCodes[1] }, await waitingForCode(admin));
    expect(owner.status).toBe(200);
    expect((await adminCall({ cookie: cookiesOf(owner) })).status).toBe(200);
    expect(await securityMails(admin.email)).not.toContain('security-recovery-codes');
  });

  it('refuses new recovery codes on a session signed in before two-step sign-in was set up', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const older = sessionOf(await signIn(t, admin.email, admin.password), admin);
    const { cookie } = await setUpSecondFactor(t, admin);
    expect((await twoFactorCall('generate-backup-codes', { password: admin.password }, older.cookie)).status).toBe(403);
    expect((await adminCall(older.auth)).status).toBe(403);
    // The session that passed it may.
    const renewed = await twoFactorCall('generate-backup-codes', { password: admin.password }, cookie);
    expect(renewed.status).toBe(200);
    expect((await renewed.json()).backupCodes).toHaveLength(10);
  });

  it('does not let an account whose address is not confirmed enrol', async () => {
    const who = await signUp(t);
    const res = await twoFactorCall('enable', { password: who.password }, who.cookie);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toMatch(/^Confirm your email address first/);
    const [row] = await t.app.db.select().from(twoFactor).where(eq(twoFactor.userId, who.id));
    expect(row).toBeUndefined();
  });

  it('mails the account when two-step sign-in is turned on, its codes are replaced and it is turned off', async () => {
    const who = await signUp(t);
    const { cookie } = await setUpSecondFactor(t, who);
    expect(await securityMails(who.email)).toEqual(['security-second-factor-on']);
    expect((await twoFactorCall('generate-backup-codes', { password: who.password }, cookie)).status).toBe(200);
    const off = await twoFactorCall('disable', { password: who.password }, cookie);
    expect(off.status).toBe(200);
    expect((await securityMails(who.email)).sort()).toEqual([
      'security-recovery-codes',
      'security-second-factor-off',
      'security-second-factor-on',
    ]);
    const [notice] = await t.app.db
      .select()
      .from(outboxMessage)
      .where(and(eq(outboxMessage.to, who.email), eq(outboxMessage.kind, 'security-second-factor-off')));
    expect(notice?.subject).toBe('Two-step sign-in was turned off (Helping Hands)');
    expect(notice?.text).toContain('/forgot-password');
  });
});

describe('a code from the authenticator works once', () => {
  it('refuses a code already accepted, at sign-in and on a signed-in session alike', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const { secret, cookie } = await setUpSecondFactor(t, admin);
    const code = await unusedTotpCode(secret);
    const first = await twoFactorCall('verify-totp', { code }, await waitingForCode(admin));
    expect(first.status).toBe(200);

    const replayed = await twoFactorCall('verify-totp', { code }, await waitingForCode(admin));
    expect(replayed.status).toBe(400);
    expect((await replayed.json()).error.fields.code).toBe(
      'That code was already used. Wait for the app to show the next code, then enter that one.',
    );
    expect(replayed.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token=') && !c.includes('=;'))).toBe(false);

    await asProviderSession(cookie);
    expect((await twoFactorCall('verify-totp', { code }, cookie)).status).toBe(400);
    expect((await adminCall({ cookie })).status).toBe(403);
  });

  it('lets one of two sign-ins racing with the same code through', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const { secret } = await setUpSecondFactor(t, admin);
    const code = await unusedTotpCode(secret);
    const waiting = [await waitingForCode(admin), await waitingForCode(admin)];
    const statuses = await Promise.all(waiting.map(async (cookie) => (await twoFactorCall('verify-totp', { code }, cookie)).status));
    expect(statuses.sort()).toEqual([200, 400]);
  });
});

describe('wrong codes lock two-step sign-in on every path', () => {
  it(`locks the account for 15 minutes after ${CODE_FAILURES_BEFORE_LOCK} wrong codes on a signed-in session, at sign-in too`, async () => {
    const admin = await signUp(t, { role: 'admin' });
    const { secret, cookie } = await setUpSecondFactor(t, admin);
    await asProviderSession(cookie);
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < CODE_FAILURES_BEFORE_LOCK; i++) {
      expect((await twoFactorCall('verify-totp', { code: wrong }, cookie)).status).toBe(400);
    }
    // Even the right code is refused now (and is not taken: the lock is checked first).
    const locked = await twoFactorCall('verify-totp', { code: totpCode(secret) }, cookie);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect((await locked.json()).error.message).toMatch(/^Too many wrong codes: two-step sign-in is locked/);
    expect((await twoFactorCall('verify-totp', { code: totpCode(secret) }, await waitingForCode(admin))).status).toBe(429);
    expect((await adminCall({ cookie })).status).toBe(403);

    // Once the lock has run out, the right code works again.
    await t.app.db
      .update(twoFactor)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(twoFactor.userId, admin.id));
    expect((await twoFactorCall('verify-totp', { code: await unusedTotpCode(secret) }, cookie)).status).toBe(200);
    expect((await adminCall({ cookie })).status).toBe(200);
    const [row] = await t.app.db.select().from(twoFactor).where(eq(twoFactor.userId, admin.id));
    expect(row).toMatchObject({ failedVerificationCount: 0, lockedUntil: null });
    const [owner] = await t.app.db.select({ enabled: account.twoFactorEnabled }).from(account).where(eq(account.id, admin.id));
    expect(owner?.enabled).toBe(true);
  }, 60_000);
});
