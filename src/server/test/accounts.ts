import { eq } from 'drizzle-orm';
import type { Role } from '../../shared/accounts.ts';
import { account } from '../db/schema.ts';
import type { TestApp } from './test-app.ts';

export interface TestAccount {
  id: string;
  email: string;
  name: string;
  password: string;
  /** The session cookie, as a browser would send it. */
  cookie: string;
  /** The same session as a bearer token, as an API client would send it. */
  token: string;
  /** Headers that authenticate as this account (bearer token). */
  auth: Record<string, string>;
}

let counter = 0;

/** Who to sign up: any field left out is made up. */
export interface SignUpOptions {
  role?: Role;
  email?: string;
  name?: string;
  password?: string;
}

/** Signs a new account up through the real API; a role other than donator is then set in the database. */
export async function signUp(t: TestApp, options: SignUpOptions = {}): Promise<TestAccount> {
  counter += 1;
  const email = options.email ?? `person${counter}-${Date.now()}@example.org`;
  const name = options.name ?? `Person ${counter}`;
  const password = options.password ?? 'kettle-harbour-42';
  const res = await t.api('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.baseUrl },
    body: JSON.stringify({ name, email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = await res.json();
  if (options.role && options.role !== 'donator') {
    await t.app.db.update(account).set({ role: options.role }).where(eq(account.id, body.user.id));
  }
  return sessionOf(res, { id: body.user.id, email, name, password });
}

export async function signIn(t: TestApp, email: string, password: string): Promise<Response> {
  return t.api('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.baseUrl },
    body: JSON.stringify({ email, password }),
  });
}

export function sessionOf(res: Response, who: { id: string; email: string; name: string; password: string }): TestAccount {
  const token = res.headers.get('set-auth-token');
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
  if (!token || !cookie) throw new Error('the answer carried no session');
  return { ...who, token, cookie: cookie.split(';')[0] ?? '', auth: { authorization: `Bearer ${token}` } };
}

/**
 * JSON request helpers: `call(t, 'PUT', '/api/users', body, who.auth)`. Like the app's own pages,
 * they send the app's Origin (Node's fetch adds Sec-Fetch headers, which make the sign-in library
 * require one).
 */
export function call(t: TestApp, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return t.api(path, {
    method,
    headers: { origin: t.baseUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The account these headers are signed in as, or null: what the pages ask on every load. */
export async function me(t: TestApp, headers: Record<string, string> = {}) {
  const res = await call(t, 'GET', '/api/users/me', undefined, headers);
  if (res.status !== 200) throw new Error(`GET /api/users/me answered ${res.status}`);
  return res.json();
}
