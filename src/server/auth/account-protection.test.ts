import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, passwordLengthMessages } from '../../shared/accounts.ts';
import { loadConfig } from '../config.ts';
import { account, outboxMessage, twoFactor } from '../db/schema.ts';
import { addressKey } from '../http/rate-limit.ts';
import { call, me, sessionOf, signIn, signUp, type TestAccount } from '../test/accounts.ts';
import { setUpSecondFactor } from '../test/second-factor.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

const owned = 'owner@example.org';
let t: TestApp;
const logged: Record<string, unknown>[] = [];
beforeAll(async () => {
  t = await startTestApp(
    { adminEmails: [owned, 'lead@example.org'], logLevel: 'info' },
    { logTo: (line) => logged.push(JSON.parse(line)) },
  );
});
afterAll(() => t.close());

let n = 0;
const unique = (label: string) => `${label}-${++n}-${Date.now()}@example.org`;
const signUpCall = (body: { name: string; email: string; password: string }) => call(t, 'POST', '/api/auth/sign-up/email', body);
const reset = (token: string, newPassword: string) => call(t, 'POST', '/api/auth/reset-password', { token, newPassword });
const forgot = (email: string) => call(t, 'POST', '/api/auth/request-password-reset', { email });

/** The token of the link to /reset-password in the latest message to `email` that has one (the outbox keeps every message). */
async function resetToken(email: string): Promise<string> {
  const rows = await t.app.db
    .select({ text: outboxMessage.text })
    .from(outboxMessage)
    .where(eq(outboxMessage.to, email))
    .orderBy(desc(outboxMessage.createdAt));
  for (const row of rows) {
    const match = /\/reset-password\?token=([^\s"<>]+)/.exec(row.text);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`no reset link mailed to ${email}`);
}

const kinds = async (email: string) =>
  (await t.app.db.select({ kind: outboxMessage.kind }).from(outboxMessage).where(eq(outboxMessage.to, email))).map((row) => row.kind);

describe('the mailbox owner wins an address someone else signed up with', () => {
  it('ends with the owner of an ADMIN_EMAILS address as the sole holder and admin', async () => {
    // Someone signs up first with the owner's address, and keeps the session.
    const squatter = await signUp(t, { email: owned, name: 'Not The Owner', password: 'squatter-lantern-88' });
    expect(
      (await call(t, 'POST', '/api/auth/two-factor/enable', { password: squatter.password }, { cookie: squatter.cookie })).status,
    ).toBe(409);
    expect(await me(t, squatter.auth)).toMatchObject({ role: 'donator' });

    // The owner's own sign-up answers as the spec says, and mails them a link to finish setting up.
    const answer = await signUpCall({ name: 'Owner', email: owned, password: 'owner-kettle-harbour-42' });
    expect(answer.status).toBe(409);
    expect((await answer.json()).error.message).toBe('An account with this email already exists');
    expect((await kinds(owned)).filter((kind) => kind === 'finish-set-up').length).toBeGreaterThanOrEqual(1);

    const chosen = 'owner-kettle-harbour-42';
    expect((await reset(await resetToken(owned), chosen)).status).toBe(200);
    // The squatter is out: session ended, password gone.
    expect(await me(t, squatter.auth)).toBeNull();
    expect((await signIn(t, owned, squatter.password)).status).toBe(401);

    const res = await signIn(t, owned, chosen);
    expect(res.status).toBe(200);
    const owner = sessionOf(res, { id: squatter.id, email: owned, name: 'Not The Owner', password: chosen });
    expect(await me(t, owner.auth)).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await setUpSecondFactor(t, owner)).backupCodes).toHaveLength(10);
  });

  it('removes a second factor enrolled before the mailbox owner first set the password, and keeps one enrolled after', async () => {
    const email = unique('taken');
    const squatter = await signUp(t, { email });
    // An account confirmed by its owner's click on a link they took for theirs, then given an authenticator.
    await setUpSecondFactor(t, squatter);
    expect((await forgot(email)).status).toBe(200);
    expect((await reset(await resetToken(email), 'owner-meadow-lantern-31')).status).toBe(200);
    const [row] = await t.app.db.select().from(account).where(eq(account.id, squatter.id));
    expect(row).toMatchObject({ twoFactorEnabled: false, emailVerified: true });
    expect(row?.mailboxProvenAt).toBeInstanceOf(Date);
    expect(await t.app.db.select().from(twoFactor).where(eq(twoFactor.userId, squatter.id))).toEqual([]);
    const signedIn = await signIn(t, email, 'owner-meadow-lantern-31');
    expect(signedIn.headers.get('set-auth-token')).toBeTruthy();

    // The owner's own second factor survives a later reset.
    const owner = sessionOf(signedIn, { id: squatter.id, email, name: squatter.name, password: 'owner-meadow-lantern-31' });
    await setUpSecondFactor(t, owner);
    expect((await forgot(email)).status).toBe(200);
    expect((await reset(await resetToken(email), 'owner-harbour-kettle-58')).status).toBe(200);
    const [after] = await t.app.db.select({ enabled: account.twoFactorEnabled }).from(account).where(eq(account.id, squatter.id));
    expect(after?.enabled).toBe(true);
  });

  it('sends a confirmed account no link when someone signs up with its address', async () => {
    const who = await signUp(t, { email: unique('confirmed') });
    await t.app.db.update(account).set({ emailVerified: true }).where(eq(account.id, who.id));
    const answer = await signUpCall({ name: 'Again', email: who.email, password: 'another-kettle-harbour-9' });
    expect(answer.status).toBe(409);
    expect(await kinds(who.email)).not.toContain('finish-set-up');
  });
});

describe('password rules', () => {
  const refused = async (body: { name: string; email: string; password: string }) => {
    const res = await signUpCall(body);
    expect(res.status).toBe(400);
    return (await res.json()).error.fields.password as string;
  };

  it('refuses aaaaaa, six spaces, helpinghands and the email itself, saying why', async () => {
    const email = unique('weak');
    const name = 'Rupa Das';
    expect(await refused({ name, email, password: '12345' })).toBe(accountMessages.passwordTooShort);
    expect(await refused({ name, email, password: 'aaaaaa' })).toBe(passwordLengthMessages.tooShort);
    expect(await refused({ name, email, password: '      ' })).toBe(passwordLengthMessages.tooShort);
    expect(await refused({ name, email, password: 'aaaaaaaa' })).toMatch(/^This password is too easy to guess\. .*Repeated/);
    expect(await refused({ name, email, password: '        ' })).toMatch(/^This password is too easy to guess/);
    expect(await refused({ name, email, password: 'helpinghands' })).toMatch(/^This password is too easy to guess\. .*personal/);
    expect(await refused({ name, email, password: email })).toMatch(/^This password is too easy to guess/);
    expect(await refused({ name, email, password: 'rupadas2026' })).toMatch(/^This password is too easy to guess/);
    expect(await t.app.db.select().from(account).where(eq(account.email, email))).toEqual([]);
    expect((await signUpCall({ name, email, password: 'kettle-harbour-42' })).status).toBe(200);
  });

  it("asks 12 characters of an admin's password, at sign-up, change and reset", async () => {
    expect(await refused({ name: 'Lead', email: 'lead@example.org', password: 'kettle-h-42' })).toBe(passwordLengthMessages.adminTooShort);
    const admin = await signUp(t, { role: 'admin' });
    const change = await call(
      t,
      'POST',
      '/api/auth/change-password',
      { currentPassword: admin.password, newPassword: 'kettle-h-42' },
      { cookie: admin.cookie },
    );
    expect(change.status).toBe(400);
    expect((await change.json()).error.fields.newPassword).toBe(passwordLengthMessages.adminTooShort);
    expect((await forgot(admin.email)).status).toBe(200);
    const viaLink = await reset(await resetToken(admin.email), 'kettle-h-42');
    expect((await viaLink.json()).error.fields.newPassword).toBe(passwordLengthMessages.adminTooShort);
    expect((await signIn(t, admin.email, admin.password)).status).toBe(200);
  });

  it('applies the strength rules to a change and a reset too', async () => {
    const who = await signUp(t, { email: unique('changer') });
    const change = await call(
      t,
      'POST',
      '/api/auth/change-password',
      { currentPassword: who.password, newPassword: 'helpinghands' },
      { cookie: who.cookie },
    );
    expect(change.status).toBe(400);
    expect((await change.json()).error.fields.newPassword).toMatch(/^This password is too easy to guess/);
    expect((await forgot(who.email)).status).toBe(200);
    const viaLink = await reset(await resetToken(who.email), who.email);
    expect(viaLink.status).toBe(400);
    expect((await viaLink.json()).error.fields.newPassword).toMatch(/^This password is too easy to guess/);
  });
});

describe('reset links', () => {
  const changePassword = (who: TestAccount, newPassword: string) =>
    call(t, 'POST', '/api/auth/change-password', { currentPassword: who.password, newPassword }, { cookie: who.cookie });

  it('stop working once the password is reset with a newer link, or changed', async () => {
    const who = await signUp(t, { email: unique('links') });
    expect((await forgot(who.email)).status).toBe(200);
    const older = await resetToken(who.email);
    expect((await forgot(who.email)).status).toBe(200);
    const newer = await resetToken(who.email);
    expect(newer).not.toBe(older);
    expect((await reset(newer, 'lantern-meadow-77')).status).toBe(200);
    expect((await reset(older, 'harbour-kettle-99')).status).toBe(400);
    expect((await signIn(t, who.email, 'harbour-kettle-99')).status).toBe(401);

    const back = sessionOf(await signIn(t, who.email, 'lantern-meadow-77'), { ...who, password: 'lantern-meadow-77' });
    expect((await forgot(who.email)).status).toBe(200);
    const beforeChange = await resetToken(who.email);
    expect((await changePassword(back, 'copper-orchard-61')).status).toBe(200);
    expect((await reset(beforeChange, 'harbour-kettle-99')).status).toBe(400);
    expect((await signIn(t, who.email, 'copper-orchard-61')).status).toBe(200);
    expect(await kinds(who.email)).toEqual(expect.arrayContaining(['security-password-reset', 'security-password-changed']));
    const lines = logged.filter((line) => line.account === who.email).map((line) => [line.level, line.authEvent]);
    expect(lines).toEqual(
      expect.arrayContaining([
        [40, 'password-reset-requested'],
        [40, 'password-reset-done'],
        [40, 'password-changed'],
      ]),
    );
  });
});

describe('sign-in attempts counted per account', () => {
  it('locks one account after 10 failures from 10 addresses, even for the right password; another account signs in', async () => {
    const guarded = await startTestApp(
      {
        trustProxy: true,
        logLevel: 'info',
        limits: {
          ...loadConfig().limits,
          signInPerAddress: 100_000,
          perAccountHourly: { uploads: 100_000, reviews: 100_000, registrations: 100_000, paymentIntents: 100_000 },
        },
      },
      { logTo: (line) => logged.push(JSON.parse(line)) },
    );
    try {
      const target = await signUp(guarded, { email: unique('target') });
      const bystander = await signUp(guarded, { email: unique('bystander') });
      const run = Math.floor(Math.random() * 200);
      const from = (i: number) => ({ 'x-forwarded-for': `10.${run}.${i}.7` });
      const attempt = (email: string, password: string, i: number) =>
        call(guarded, 'POST', '/api/auth/sign-in/email', { email, password }, from(i));
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await attempt(target.email, `wrong-guess-${i}-xyz`, i)).status);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(10).fill(429));

      const right = await attempt(target.email, target.password, 30);
      expect(right.status).toBe(429);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await right.json()).error.message).toMatch(/^Too many failed sign-ins for this account\. Please wait .+ and try again/);
      expect((await attempt(bystander.email, bystander.password, 31)).status).toBe(200);

      const events = logged.filter((line) => line.account === target.email);
      expect(events.filter((line) => line.authEvent === 'sign-in-failed')).toHaveLength(10);
      expect(events.find((line) => line.authEvent === 'sign-in-locked')).toMatchObject({ level: 40, failures: 10, lockSeconds: 30 });
    } finally {
      await guarded.close();
    }
  });

  it('counts an IPv6 client by its /64 network', async () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');

    const small = await startTestApp({ trustProxy: true, limits: { ...loadConfig().limits, signInPerAddress: 3 } });
    try {
      const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${(Date.now() % 0xffff).toString(16)}`;
      const statuses: number[] = [];
      for (let i = 1; i <= 4; i++) {
        const res = await call(
          small,
          'POST',
          '/api/auth/sign-in/email',
          { email: unique(`spray-${i}`), password: 'wrong-guess-xyz-1' },
          { 'x-forwarded-for': `${network}::${i}` },
        );
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await small.close();
    }
  });
});

describe('the log', () => {
  it('notes a probe of a sign-in call the product does not offer at info, and a failed sign-in at warn with the account', async () => {
    const probe = await call(t, 'GET', '/api/auth/list-sessions');
    expect(probe.status).toBe(404);
    expect(logged.find((line) => line.authProbe === '/list-sessions')).toMatchObject({ level: 30 });
    const who = await signUp(t, { email: unique('logged') });
    expect((await signIn(t, who.email, 'not-the-password-1')).status).toBe(401);
    const line = logged.find((l) => l.authEvent === 'sign-in-failed' && l.account === who.email);
    expect(line).toMatchObject({ level: 40, failures: 1 });
    expect(JSON.stringify(line)).not.toContain('not-the-password-1');
    expect(
      await t.app.db
        .select()
        .from(outboxMessage)
        .where(and(eq(outboxMessage.to, who.email), eq(outboxMessage.kind, 'security-password-changed'))),
    ).toEqual([]);
  });
});
