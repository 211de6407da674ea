import { signJWT } from 'better-auth/crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../shared/accounts.ts';
import { loadConfig } from '../config.ts';
import { account, outboxMessage, verification } from '../db/schema.ts';
import { call, me, sessionOf, signIn, signUp } from '../test/accounts.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../test/smtp-stand-in.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { commonPasswordMessage } from './common-passwords.ts';
import { MAIL_PER_EMAIL_LIMIT, PASSWORD_RESET_ANSWER_MS } from './routes.ts';

const secret = 'email-links-test-secret-0123456789-abcdefghijkl';
let smtp: SmtpStandIn;
let t: TestApp;

const mail = (smtpUrl: string) => ({ ...loadConfig().mail, smtpUrl, pollMs: 100, retryDelaysS: [1] });

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await startTestApp({ mail: mail(smtp.url), authSecret: secret, adminEmails: ['chief@example.org', 'deputy@example.org'] });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let n = 0;
const unique = (label: string) => `${label}-${++n}-${Date.now()}@example.org`;

/** The token of the link to `page` in the latest mail to `email` that has one, waiting for the `count`th mail. */
async function linkToken(email: string, page: '/verify-email' | '/reset-password', count = 1): Promise<string> {
  const received = await smtp.mailTo(email, { count });
  expect(received.length).toBeGreaterThanOrEqual(count);
  const pattern = new RegExp(`${t.config.publicUrl}${page}\\?token=([^\\s"<>]+)`);
  const text = received.findLast((m) => pattern.test(m.text))?.text ?? '';
  const match = pattern.exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in the mail to ${email}`);
  return decodeURIComponent(match[1]);
}

/** What the /verify-email page calls, from the browser of `headers` (signed in there, or not). */
const confirm = (token: string, headers: Record<string, string> = {}) =>
  call(t, 'GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`, undefined, headers);
const isAdmin = async (email: string, headers: Record<string, string>) =>
  ((await (await call(t, 'GET', `/api/users/${email}`, undefined, headers)).json()) as boolean[])[0];
const forgot = (email: string) => call(t, 'POST', '/api/auth/request-password-reset', { email });
const reset = (token: string, newPassword: string) => call(t, 'POST', '/api/auth/reset-password', { token, newPassword });

describe('confirming the email address', () => {
  it('mails a link at sign-up; opening it confirms the address, and opening it again still says so', async () => {
    const who = await signUp(t, { email: unique('ada'), name: 'Ada' });
    const [received] = await smtp.mailTo(who.email);
    expect(received?.subject).toBe('Confirm your email address for Helping Hands');
    expect(received?.html).toContain(`${t.config.publicUrl}/verify-email?token=`);
    // A security message: no way to unsubscribe from it.
    expect(received?.header('list-unsubscribe')).toBeUndefined();
    expect(received?.text).not.toMatch(/unsubscribe/i);
    const [row] = await t.app.db.select().from(outboxMessage).where(eq(outboxMessage.to, who.email));
    expect(row?.kind).toBe('verify-email');

    // Unconfirmed, the account signs in and uses the site.
    expect(await me(t, who.auth)).toMatchObject({ email: who.email, emailVerified: false });
    const elsewhere = sessionOf(await signIn(t, who.email, who.password), who);
    const profile = { address: '1 High Street', age: '30', education: 'BSc', occupation: 'Nurse' };
    expect((await call(t, 'PUT', '/api/users', profile, who.auth)).status).toBe(200);

    // Opened in the browser signed in at sign-up: that session stays, every other one ends (whoever
    // signed up with the address first is signed out when its owner confirms it).
    const token = await linkToken(who.email, '/verify-email');
    const opened = await confirm(token, who.auth);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ status: true });
    expect(await me(t, who.auth)).toMatchObject({ emailVerified: true });
    expect(await me(t, elsewhere.auth)).toBeNull();
    expect((await confirm(token)).status).toBe(200);
  });

  it('refuses an unknown, expired or orphaned link with a clear message, and confirms nothing', async () => {
    const who = await signUp(t, { email: unique('late') });
    const cases: [string, RegExp][] = [
      ['not-a-token', /not valid/],
      [await signJWT({ email: who.email, userId: who.id }, secret, -60), /expired/],
      // A link for an account that no longer exists (deleted, and the address signed up again).
      [await signJWT({ email: who.email, userId: 'an-earlier-account' }, secret, 3600), /not valid/],
      [await signJWT({ email: who.email, userId: who.id }, 'another-secret-another-secret-another-secret', 3600), /not valid/],
    ];
    for (const [token, message] of cases) {
      const res = await confirm(token);
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe('invalid_input');
      expect(error.message).toMatch(message);
      expect(error.message).toMatch(/Ask for a new link/);
    }
    expect((await call(t, 'GET', '/api/auth/verify-email')).status).toBe(400);
    expect(await me(t, who.auth)).toMatchObject({ emailVerified: false });
  });

  it('sends the link again on request, signed in; signed out, answers the same whether or not the email has an account', async () => {
    const who = await signUp(t, { email: unique('again') });
    await smtp.mailTo(who.email);
    const again = await call(t, 'POST', '/api/auth/send-verification-email', { email: who.email }, who.auth);
    expect(again.status).toBe(200);
    const token = await linkToken(who.email, '/verify-email', 2);
    expect((await confirm(token, who.auth)).status).toBe(200);
    // Confirmed: nothing more to send.
    const done = await call(t, 'POST', '/api/auth/send-verification-email', { email: who.email }, who.auth);
    expect(done.status).toBe(409);
    expect((await done.json()).error.message).toBe('Your email address is already confirmed');

    const waiting = await signUp(t, { email: unique('waiting') });
    await smtp.mailTo(waiting.email);
    const known = await call(t, 'POST', '/api/auth/send-verification-email', { email: waiting.email });
    const unknown = await call(t, 'POST', '/api/auth/send-verification-email', { email: unique('nobody') });
    expect([known.status, await known.text()]).toEqual([unknown.status, await unknown.text()]);
    expect(known.status).toBe(200);
    expect(await smtp.mailTo(waiting.email, { count: 2 })).toHaveLength(2);
  });

  it(`sends at most ${MAIL_PER_EMAIL_LIMIT} links to one email in 15 minutes, whether or not it has an account`, async () => {
    for (const email of [unique('flooded'), unique('no-account')]) {
      for (let i = 0; i < MAIL_PER_EMAIL_LIMIT; i++) {
        expect((await call(t, 'POST', '/api/auth/send-verification-email', { email })).status).toBe(200);
      }
      const limited = await call(t, 'POST', '/api/auth/send-verification-email', { email });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await limited.json()).error.message).toMatch(/^Too many attempts\. Please wait .+ and try again\.$/);
    }
  });
});

describe('ADMIN_EMAILS', () => {
  it('mails an admin address a link to choose its password, not a confirmation; only choosing it makes the account admin', async () => {
    const chief = await signUp(t, { email: 'chief@example.org' });
    const [received] = await smtp.mailTo(chief.email);
    expect(received?.subject).toBe('Finish setting up your account on Helping Hands');
    expect(received?.text).toMatch(/admin addresses/);
    expect(received?.text).not.toContain('/verify-email?token=');
    expect(await isAdmin(chief.email, chief.auth)).toBe(false);
    const again = sessionOf(await signIn(t, chief.email, chief.password), chief);
    expect(await isAdmin(chief.email, again.auth)).toBe(false);
    expect((await call(t, 'GET', '/api/users', undefined, chief.auth)).status).toBe(403);

    const chosen = 'chief-lantern-meadow-77';
    expect((await reset(await linkToken(chief.email, '/reset-password'), chosen)).status).toBe(200);
    // Every session ended, as at any password set by mail; the next sign-in is an admin's.
    expect(await me(t, chief.auth)).toBeNull();
    expect(await me(t, again.auth)).toBeNull();
    const signedIn = sessionOf(await signIn(t, chief.email, chosen), { ...chief, password: chosen });
    expect(await me(t, signedIn.auth)).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await call(t, 'GET', '/api/users', undefined, signedIn.auth)).status).toBe(200);
  });

  it('makes a listed account whose mailbox was proven admin again at its next sign-in, and one merely confirmed not', async () => {
    const deputy = await signUp(t, { email: 'deputy@example.org' });
    await t.app.db.update(account).set({ emailVerified: true }).where(eq(account.id, deputy.id));
    expect((await signIn(t, deputy.email, deputy.password)).status).toBe(200);
    expect(await isAdmin(deputy.email, deputy.auth)).toBe(false);

    await t.app.db.update(account).set({ mailboxProvenAt: new Date() }).where(eq(account.id, deputy.id));
    expect((await signIn(t, deputy.email, deputy.password)).status).toBe(200);
    expect(await isAdmin(deputy.email, deputy.auth)).toBe(true);
  });
});

describe('forgot password', () => {
  it('answers an email with an account and one without alike, in no less time, and mails only the first', async () => {
    const who = await signUp(t, { email: unique('forgetful') });
    const nobody = unique('nobody');
    const timed = async (email: string) => {
      const started = Date.now();
      const res = await forgot(email);
      return { status: res.status, body: await res.text(), ms: Date.now() - started };
    };
    const known = await timed(who.email);
    const unknown = await timed(nobody);
    expect(known.status).toBe(200);
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
    expect(known.ms).toBeGreaterThanOrEqual(PASSWORD_RESET_ANSWER_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(PASSWORD_RESET_ANSWER_MS - 5);

    const received = await smtp.mailTo(who.email, { count: 2 });
    expect(received.map((m) => m.subject)).toContain('Reset your password for Helping Hands');
    expect(received.find((m) => m.subject.startsWith('Reset'))?.header('list-unsubscribe')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await smtp.mailTo(nobody, { timeoutMs: 0 })).toEqual([]);
    expect(await t.app.db.select().from(outboxMessage).where(eq(outboxMessage.to, nobody))).toEqual([]);
  });

  it('sets a new password with the link once: the old password fails, every session ends, the link is then refused', async () => {
    const who = await signUp(t, { email: unique('reset') });
    const other = sessionOf(await signIn(t, who.email, who.password), who);
    expect((await forgot(who.email)).status).toBe(200);
    const token = await linkToken(who.email, '/reset-password', 2);

    // The sign-up rules and messages; a refused password leaves the link usable.
    const short = await reset(token, '12345');
    expect(short.status).toBe(400);
    expect((await short.json()).error.fields.newPassword).toBe(accountMessages.passwordTooShort);
    const common = await reset(token, 'Password1');
    expect(common.status).toBe(400);
    expect((await common.json()).error.fields.newPassword).toBe(commonPasswordMessage);

    const done = await reset(token, 'lantern-meadow-77');
    expect(done.status).toBe(200);
    expect(await me(t, who.auth)).toBeNull();
    expect(await me(t, other.auth)).toBeNull();
    expect((await signIn(t, who.email, who.password)).status).toBe(401);
    expect((await signIn(t, who.email, 'lantern-meadow-77')).status).toBe(200);

    const used = await reset(token, 'harbour-kettle-99');
    expect(used.status).toBe(400);
    expect((await used.json()).error.message).toBe(
      'This reset link has expired, was already used, or is not valid. Nothing was changed: ask for a new link.',
    );
    expect((await signIn(t, who.email, 'harbour-kettle-99')).status).toBe(401);
    expect((await signIn(t, who.email, 'lantern-meadow-77')).status).toBe(200);
  });

  it('refuses an expired or unknown link with the same clear message, and changes nothing', async () => {
    const who = await signUp(t, { email: unique('expired') });
    expect((await forgot(who.email)).status).toBe(200);
    const token = await linkToken(who.email, '/reset-password', 2);
    await t.app.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, `reset-password:${token}`));
    for (const tried of [token, 'no-such-token']) {
      const res = await reset(tried, 'lantern-meadow-77');
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields.token).toMatch(/expired, was already used, or is not valid/);
    }
    expect(await me(t, who.auth)).not.toBeNull();
    expect((await signIn(t, who.email, who.password)).status).toBe(200);
  });

  it(`mails at most ${MAIL_PER_EMAIL_LIMIT} reset links to one email in 15 minutes`, async () => {
    const email = unique('many-resets');
    for (let i = 0; i < MAIL_PER_EMAIL_LIMIT; i++) expect((await forgot(email)).status).toBe(200);
    expect((await forgot(email)).status).toBe(429);
  });
});

describe('the limit per address', () => {
  it('stops a fourth request from one address, whatever the emails', async () => {
    // Behind a proxy, from an address of its own: with REDIS_URL the counts outlive this app, and
    // every other test calls from 127.0.0.1.
    const small = await startTestApp({ mail: mail(smtp.url), authRateLimit: 3, trustProxy: true });
    // Counted by its /64 network, so the network is this run's own.
    const from = `2001:db8:${Date.now().toString(16).slice(-4)}:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;
    try {
      const ask = (path: string, email: string) => call(small, 'POST', `/api/auth/${path}`, { email }, { 'x-forwarded-for': from });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await ask('request-password-reset', unique(`ip-${i}`))).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const resends: number[] = [];
      for (let i = 0; i < 4; i++) resends.push((await ask('send-verification-email', unique(`ip-v-${i}`))).status);
      expect(resends).toEqual([200, 200, 200, 429]);
    } finally {
      await small.close();
    }
  });
});
