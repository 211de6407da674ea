import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { account, session } from '../db/schema.ts';
import { call, me, signIn, signUp, type TestAccount } from '../test/accounts.ts';
import { cookiesOf, setUpSecondFactor } from '../test/second-factor.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { unusedTotpCode } from '../test/totp.ts';

/** A password sign-in that stops at the code step: the cookie that says whose sign-in waits for a code. */
async function signInToCodeStep(t: TestApp, who: TestAccount) {
  const res = await signIn(t, who.email, who.password);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  expect(res.headers.get('set-auth-token')).toBeNull();
  const cookie = cookiesOf(res);
  expect(cookie).toContain('two_factor=');
  expect(cookie).not.toContain('session_token=');
  return cookie;
}

const adminCall = (t: TestApp, headers: Record<string, string>) => call(t, 'GET', '/api/users?limit=5', undefined, headers);

describe('ADMIN_MFA=required', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminMfa: 'required' });
  });
  afterAll(() => t.close());

  it('refuses an admin without a second factor on admin calls with 403 mfa_required, and lets its own calls through', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const other = await signUp(t);
    const refused = await adminCall(t, { cookie: admin.cookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({
      code: 'mfa_required',
      message: 'Set up two-step sign-in to use admin pages',
      reason: 'set-up',
    });
    // Someone else's record is an admin power too; the admin's own record is not.
    expect((await call(t, 'GET', `/api/users/account/${other.id}`, undefined, admin.auth)).status).toBe(403);
    expect((await call(t, 'GET', `/api/users/account/${admin.id}`, undefined, admin.auth)).status).toBe(200);
    expect(await me(t, admin.auth)).toMatchObject({ role: 'admin', twoFactorEnabled: false, mfaRequired: 'set-up', twoFactorLocked: true });
  });

  it('lets a volunteer and a donator work as before, with nothing asked of them', async () => {
    const volunteer = await signUp(t, { role: 'volunteer' });
    expect(await me(t, volunteer.auth)).toMatchObject({ role: 'volunteer', mfaRequired: null, twoFactorLocked: false });
    expect((await adminCall(t, volunteer.auth)).status).toBe(403);
    expect((await (await adminCall(t, volunteer.auth)).json()).error.code).toBe('forbidden');
    const donator = await signUp(t);
    expect(await me(t, donator.auth)).toMatchObject({ mfaRequired: null });
  });

  it('opens admin calls once TOTP is set up; signing in again asks for the code, refuses a wrong one and accepts the right one', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const { secret, cookie } = await setUpSecondFactor(t, admin);
    expect((await adminCall(t, { cookie })).status).toBe(200);
    expect(await me(t, { cookie })).toMatchObject({ twoFactorEnabled: true, mfaRequired: null });

    const waiting = await signInToCodeStep(t, admin);
    // A wrong code is refused and signs nobody in.
    const right = await unusedTotpCode(secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call(t, 'POST', '/api/auth/two-factor/verify-totp', { code: wrong }, { cookie: waiting });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual({ code: 'That code is not right. Enter the code the app shows now.' });
    expect(refused.headers.get('set-auth-token')).toBeNull();

    const accepted = await call(t, 'POST', '/api/auth/two-factor/verify-totp', { code: right }, { cookie: waiting });
    expect(accepted.status).toBe(200);
    const signedIn = cookiesOf(accepted);
    expect(signedIn).toContain('better-auth.session_token=');
    expect((await adminCall(t, { cookie: signedIn })).status).toBe(200);
  });

  it('accepts a recovery code once at sign-in, then refuses the same code', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const { backupCodes } = await setUpSecondFactor(t, admin);
    const code = backupCodes[0] ?? '';

    const first = await call(t, 'POST', '/api/auth/two-factor/verify-backup-code', { code }, { cookie: await signInToCodeStep(t, admin) });
    expect(first.status).toBe(200);
    expect((await adminCall(t, { cookie: cookiesOf(first) })).status).toBe(200);

    const again = await call(t, 'POST', '/api/auth/two-factor/verify-backup-code', { code }, { cookie: await signInToCodeStep(t, admin) });
    expect(again.status).toBe(400);
    expect((await again.json()).error.fields).toEqual({ code: 'That recovery code is not right or was already used.' });
  });

  it('gives new recovery codes for the password, and the old ones stop working', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const { backupCodes, cookie } = await setUpSecondFactor(t, admin);
    const renewed = await call(t, 'POST', '/api/auth/two-factor/generate-backup-codes', { password: admin.password }, { cookie });
    expect(renewed.status).toBe(200);
    const fresh = (await renewed.json()).backupCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(backupCodes[0]);
    const old = await call(
      t,
      'POST',
      '/api/auth/two-factor/verify-backup-code',
      { code: backupCodes[0] },
      { cookie: await signInToCodeStep(t, admin) },
    );
    expect(old.status).toBe(400);
    const renewedCode = await call(
      t,
      'POST',
      '/api/auth/two-factor/verify-backup-code',
      { code: fresh[0] },
      { cookie: await signInToCodeStep(t, admin) },
    );
    expect(renewedCode.status).toBe(200);
  });

  it('does not let an admin turn two-step sign-in off, and lets a donator turn it off', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const { cookie } = await setUpSecondFactor(t, admin);
    const refused = await call(t, 'POST', '/api/auth/two-factor/disable', { password: admin.password }, { cookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toMatch(/Admins keep two-step sign-in on/);
    expect(await me(t, { cookie })).toMatchObject({ twoFactorEnabled: true });

    const donator = await signUp(t);
    const own = await setUpSecondFactor(t, donator);
    const off = await call(t, 'POST', '/api/auth/two-factor/disable', { password: donator.password }, { cookie: own.cookie });
    expect(off.status).toBe(200);
    expect(await me(t, { cookie: cookiesOf(off) })).toMatchObject({ twoFactorEnabled: false });
    // Without it, the password alone signs in again.
    const res = await signIn(t, donator.email, donator.password);
    expect(res.headers.get('set-auth-token')).toBeTruthy();
  });

  it('asks for a code on a session that did not pass the second factor (a provider sign-in), and opens admin calls once one is entered', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const { secret, cookie } = await setUpSecondFactor(t, admin);
    // What a Google or OpenID Connect sign-in makes: a session the plugin's code check never saw.
    const token = decodeURIComponent(cookie.split('better-auth.session_token=')[1]?.split(';')[0] ?? '').split('.')[0] ?? '';
    await t.app.db.update(session).set({ secondFactor: false }).where(eq(session.token, token));

    const refused = await adminCall(t, { cookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({ code: 'mfa_required', reason: 'confirm' });
    expect(await me(t, { cookie })).toMatchObject({ mfaRequired: 'confirm' });

    const confirmed = await call(t, 'POST', '/api/auth/two-factor/verify-totp', { code: await unusedTotpCode(secret) }, { cookie });
    expect(confirmed.status).toBe(200);
    expect((await adminCall(t, { cookie })).status).toBe(200);
  });

  it('refuses to start the set-up with a wrong password', async () => {
    const admin = await signUp(t, { role: 'admin' });
    await t.app.db.update(account).set({ emailVerified: true }).where(eq(account.id, admin.id));
    const res = await call(t, 'POST', '/api/auth/two-factor/enable', { password: 'not-the-password' }, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ password: 'The password is wrong' });
  });
});

describe('ADMIN_MFA=optional', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminMfa: 'optional' });
  });
  afterAll(() => t.close());

  it('lets an admin without a second factor make admin calls', async () => {
    const admin = await signUp(t, { role: 'admin' });
    expect((await adminCall(t, admin.auth)).status).toBe(200);
    expect(await me(t, admin.auth)).toMatchObject({ role: 'admin', mfaRequired: null, twoFactorLocked: false });
  });

  it('still asks for the code at sign-in once an account has turned two-step sign-in on', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const { secret } = await setUpSecondFactor(t, admin);
    const waiting = await signInToCodeStep(t, admin);
    const accepted = await call(t, 'POST', '/api/auth/two-factor/verify-totp', { code: await unusedTotpCode(secret) }, { cookie: waiting });
    expect(accepted.status).toBe(200);
    expect((await adminCall(t, { cookie: cookiesOf(accepted) })).status).toBe(200);
  });
});

describe('the ADMIN_MFA setting', () => {
  it('is required unless set, and takes only required or optional', () => {
    expect(loadConfig({}).adminMfa).toBe('required');
    expect(loadConfig({ ADMIN_MFA: 'optional' }).adminMfa).toBe('optional');
    expect(() => loadConfig({ ADMIN_MFA: 'sometimes' })).toThrow(/ADMIN_MFA: must be required or optional/);
  });
});
