import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../shared/accounts.ts';
import { account, session } from '../db/schema.ts';
import { call, me, sessionOf, signIn, signUp } from '../test/accounts.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ adminEmails: ['boss@example.org', 'later-boss@example.org'] });
});
afterAll(() => t.close());

const signUpCall = (body: unknown, headers: Record<string, string> = {}) => call(t, 'POST', '/api/auth/sign-up/email', body, headers);

describe('sign-up', () => {
  it('creates a donator account and signs it in with an HttpOnly, SameSite=Lax cookie and a bearer token', async () => {
    const res = await signUpCall({ name: 'Ada', email: 'Ada@Example.org', password: 'kettle-harbour-42' });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(res.headers.get('set-auth-token')).toBeTruthy();
    const me = await (await call(t, 'GET', '/api/users/me', undefined, { cookie: cookie!.split(';')[0]! })).json();
    expect(me).toMatchObject({ email: 'ada@example.org', displayName: 'Ada', role: 'donator', photoURL: null });
  });

  it.each([
    [{ name: 'Bo', email: 'not-an-email', password: 'kettle-harbour-42' }, 'email', accountMessages.badEmail],
    [{ name: 'Bo', email: 'bo@example.org', password: '12345' }, 'password', accountMessages.passwordTooShort],
    [{ name: '', email: 'bo@example.org', password: 'kettle-harbour-42' }, 'name', 'Enter your name'],
    [
      { name: 'Bo', email: 'bo@example.org', password: 'Password1' },
      'password',
      'This password is too common and easy to guess. Please choose another one.',
    ],
  ])('refuses %o with 400 naming the field', async (body, field, message) => {
    const res = await signUpCall(body);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.fields[field]).toBe(message);
    expect(await t.app.db.select().from(account).where(eq(account.email, 'bo@example.org'))).toEqual([]);
  });

  it('refuses an email already in use with 409, whatever its case', async () => {
    await signUp(t, { email: 'taken@example.org' });
    const res = await signUpCall({ name: 'Other', email: 'TAKEN@example.org', password: 'kettle-harbour-42' });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('An account with this email already exists');
  });

  it('ignores a role, picture or id the payload tries to choose', async () => {
    const res = await signUpCall({
      name: 'Sly',
      email: 'sly@example.org',
      password: 'kettle-harbour-42',
      role: 'admin',
      image: 'https://evil.example/pixel.png',
      id: 'chosen-id',
    });
    expect(res.status).toBe(200);
    const [row] = await t.app.db.select().from(account).where(eq(account.email, 'sly@example.org'));
    expect(row).toMatchObject({ role: 'donator', image: null });
    expect(row?.id).not.toBe('chosen-id');
  });

  it('does not make an account whose email is in ADMIN_EMAILS an admin before its address is confirmed', async () => {
    const boss = await signUp(t, { email: 'boss@example.org' });
    expect(await (await call(t, 'GET', `/api/users/${boss.email}`, undefined, boss.auth)).json()).toEqual([false, false]);
    // Confirming makes it one (email-links.test.ts follows the link from the mail).
  });
});

describe('sign-in and sessions', () => {
  it('refuses a wrong password with 401 and a message', async () => {
    const who = await signUp(t);
    const res = await signIn(t, who.email, 'wrong-password-1');
    expect(res.status).toBe(401);
    expect((await res.json()).error).toEqual({ code: 'unauthenticated', message: 'Invalid email or password' });
  });

  it('makes an existing account whose mailbox was proven admin at its next sign-in once its email is in ADMIN_EMAILS', async () => {
    const who = await signUp(t, { email: 'later-boss@example.org' });
    await t.app.db.update(account).set({ role: 'donator', emailVerified: true, mailboxProvenAt: new Date() }).where(eq(account.id, who.id));
    const res = await signIn(t, who.email, who.password);
    expect(res.status).toBe(200);
    const [row] = await t.app.db.select().from(account).where(eq(account.id, who.id));
    expect(row?.role).toBe('admin');
  });

  it('ends the session at sign-out', async () => {
    const who = await signUp(t);
    expect(await me(t, { cookie: who.cookie })).not.toBeNull();
    const out = await call(t, 'POST', '/api/auth/sign-out', {}, { cookie: who.cookie });
    expect(out.status).toBe(200);
    expect(await me(t, { cookie: who.cookie })).toBeNull();
    expect(await me(t, who.auth)).toBeNull();
  });

  it('refuses an expired session', async () => {
    const who = await signUp(t);
    await t.app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, who.id));
    expect(await me(t, who.auth)).toBeNull();
  });

  it('refuses a made-up bearer token', async () => {
    expect(await me(t, { authorization: 'Bearer not-a-real-token' })).toBeNull();
    const res = await call(
      t,
      'PUT',
      '/api/users',
      { address: 'a', age: '1', education: 'b', occupation: 'c' },
      { authorization: 'Bearer not-a-real-token' },
    );
    expect(res.status).toBe(401);
  });

  it('ends every other session when the password changes', async () => {
    const first = await signUp(t);
    const second = sessionOf(await signIn(t, first.email, first.password), first);
    const res = await call(
      t,
      'POST',
      '/api/auth/change-password',
      { currentPassword: first.password, newPassword: 'lantern-meadow-77' },
      first.auth,
    );
    expect(res.status).toBe(200);
    expect(await me(t, second.auth)).toBeNull();
    const fresh = sessionOf(res, first);
    expect(await me(t, fresh.auth)).not.toBeNull();
    expect((await signIn(t, first.email, 'lantern-meadow-77')).status).toBe(200);
  });

  it('refuses a common new password', async () => {
    const who = await signUp(t);
    const res = await call(t, 'POST', '/api/auth/change-password', { currentPassword: who.password, newPassword: 'iloveyou' }, who.auth);
    expect(res.status).toBe(400);
  });
});

describe('bodies nested thousands of levels deep', () => {
  it.each(['/sign-out', '/revoke-other-sessions', '/sign-in/social'])(
    'POST /api/auth%s answers 400 in the error format, and the session still works',
    async (path) => {
      const who = await signUp(t);
      const deep = `{"provider":"google","a":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`;
      const res = await t.api(`/api/auth${path}`, {
        method: 'POST',
        headers: { origin: t.baseUrl, 'content-type': 'application/json', ...who.auth },
        body: deep,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'invalid_input', message: 'The request body is nested too deeply' } });
      expect(await me(t, who.auth)).toMatchObject({ email: who.email });
    },
  );
});

describe('a NUL character, which the database cannot hold', () => {
  const unstorable = { code: 'invalid_input', message: 'The text contains a character that cannot be stored (such as a NUL character)' };

  it('in the token of a password reset answers 400 in the error format', async () => {
    const res = await call(t, 'POST', '/api/auth/reset-password', { token: 'abc\u0000def', newPassword: 'lantern-meadow-77' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual(unstorable);
    // Text that only reads like one is a token like any other: the library says it is not valid.
    const lookalike = await call(t, 'POST', '/api/auth/reset-password', { token: 'abc\\u0000def', newPassword: 'lantern-meadow-77' });
    expect(lookalike.status).toBe(400);
    expect((await lookalike.json()).error.code).toBe('invalid_input');
  });
});

describe("the sign-in library's other calls", () => {
  it('are closed, so a picture cannot be set to any URL around the upload checks', async () => {
    const who = await signUp(t);
    const res = await call(t, 'POST', '/api/auth/update-user', { image: 'https://evil.example/x.png', name: 'X' }, who.auth);
    expect(res.status).toBe(404);
    const [row] = await t.app.db.select().from(account).where(eq(account.id, who.id));
    expect(row).toMatchObject({ image: null, name: who.name });
    expect((await call(t, 'POST', '/api/auth/delete-user', {}, who.auth)).status).toBe(404);
    // Calls that would hand session tokens to a script.
    expect((await call(t, 'GET', '/api/auth/list-sessions', undefined, { cookie: who.cookie })).status).toBe(404);
    expect((await call(t, 'GET', '/api/auth/get-session', undefined, { cookie: who.cookie })).status).toBe(404);
  });
});

describe('calls from another site', () => {
  it('refuses a state-changing call whose Origin is another site, and changes nothing', async () => {
    const who = await signUp(t);
    const profile = { address: 'Evil Street', age: '1', education: 'x', occupation: 'x' };
    const res = await call(t, 'PUT', '/api/users', profile, { cookie: who.cookie, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const [row] = await t.app.db.select().from(account).where(eq(account.id, who.id));
    expect(row?.address).toBeNull();
    const signUpFromElsewhere = await signUpCall(
      { name: 'X', email: 'x-site@example.org', password: 'kettle-harbour-42' },
      { origin: 'https://evil.example' },
    );
    expect(signUpFromElsewhere.status).toBe(403);
  });

  it("refuses a sign-in that carries a browser's fetch headers but no Origin", async () => {
    const who = await signUp(t);
    const res = await t.api('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ email: who.email, password: who.password }),
    });
    expect(res.status).toBe(403);
  });

  it("accepts the same call from the app's own origin", async () => {
    const who = await signUp(t);
    const profile = { address: 'Home Street', age: '30', education: 'x', occupation: 'x' };
    const res = await call(t, 'PUT', '/api/users', profile, { cookie: who.cookie, origin: t.baseUrl });
    expect(res.status).toBe(200);
  });
});

describe('Secure cookies', () => {
  it('marks the session cookie Secure when the app is reached over https', async () => {
    const secure = await startTestApp({ publicUrl: 'https://give.example.org' });
    try {
      const res = await call(
        secure,
        'POST',
        '/api/auth/sign-up/email',
        { name: 'S', email: 's@example.org', password: 'kettle-harbour-42' },
        { origin: 'https://give.example.org' },
      );
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='));
      expect(cookie).toMatch(/^__Secure-/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    } finally {
      await secure.close();
    }
  });
});
