import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { baseURL, newPage } from './browser.ts';
import { adminEmail, mailbox } from './server.ts';

export { adminEmail };

/** Shared by the accounts journeys: sessions made through the API, as STYLE.md asks of tests not about signing in. */

export const password = 'kettle-harbour-42';

export function uniqueEmail(kind: string): string {
  return `${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

export interface Session {
  email: string;
  name: string;
  /** `better-auth.session_token=…`, as the browser would send it. */
  cookie: { name: string; value: string };
  token: string;
}

async function post(pathname: string, body: unknown) {
  return fetch(`${baseURL}${pathname}`, {
    method: 'POST',
    // The Origin a browser would send: the sign-in library checks it on cookie-setting calls.
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify(body),
  });
}

function sessionFrom(res: Response, who: { email: string; name: string }): Session {
  const token = res.headers.get('set-auth-token');
  const setCookie = res.headers.getSetCookie().find((c) => c.includes('session_token='));
  if (!token || !setCookie) throw new Error(`the answer carried no session (${res.status})`);
  const [pair = ''] = setCookie.split(';');
  const at = pair.indexOf('=');
  return { ...who, token, cookie: { name: pair.slice(0, at), value: pair.slice(at + 1) } };
}

export async function signUpThroughApi(options: { email?: string; name?: string } = {}): Promise<Session> {
  const email = options.email ?? uniqueEmail('donor');
  const name = options.name ?? 'Dana Donor';
  const res = await post('/api/auth/sign-up/email', { name, email, password });
  if (res.status !== 200) throw new Error(`sign-up of ${email} failed: ${res.status} ${await res.text()}`);
  return sessionFrom(res, { email, name });
}

export async function signInThroughApi(email: string, name: string): Promise<Session> {
  const res = await post('/api/auth/sign-in/email', { email, password });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return sessionFrom(res, { email, name });
}

/** The address of the link to `page` in the latest mail to `email` that has one, waiting up to 10 s for it. */
export async function linkFromMail(email: string, page: '/verify-email' | '/reset-password', count = 1): Promise<string> {
  const pattern = new RegExp(`${baseURL}${page}\\?token=[^\\s"<>]+`);
  const received = await mailbox.mailTo(email, { count });
  const link = received.map((mail) => pattern.exec(mail.text)?.[0]).findLast(Boolean);
  if (!link) throw new Error(`no ${page} link in the ${received.length} mail(s) to ${email}`);
  return link;
}

/**
 * The one admin account: signed up by the first test that needs it, its password then chosen through
 * the link mailed to the address (for an ADMIN_EMAILS address, that is what makes the account admin;
 * it ends the sign-up's session), signed in to after that.
 */
export async function adminSession(): Promise<Session> {
  const res = await post('/api/auth/sign-up/email', { name: 'Ada Admin', email: adminEmail, password });
  if (res.status === 200) {
    const link = new URL(await linkFromMail(adminEmail, '/reset-password'));
    const set = await post('/api/auth/reset-password', { token: link.searchParams.get('token'), newPassword: password });
    if (set.status !== 200) throw new Error(`setting the admin's password failed: ${set.status} ${await set.text()}`);
  } else if (res.status !== 409) {
    throw new Error(`admin sign-up failed: ${res.status} ${await res.text()}`);
  }
  return signInThroughApi(adminEmail, 'Ada Admin');
}

/**
 * A call to the API (`pathname` under /api) as `session`, or as nobody when it is null, with the
 * Origin a browser would send (the server checks it on calls that change things); a body is sent
 * as JSON. The answer is returned whatever its status, for the test to judge.
 */
export function apiCall(session: Session | null, method: string, pathname: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { origin: baseURL };
  if (session) headers.authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${baseURL}/api${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** A new account made a volunteer by the admin, as the admin's role editor would. */
export async function volunteerSession(): Promise<Session> {
  const volunteer = await signUpThroughApi({ email: uniqueEmail('volunteer'), name: 'Val Volunteer' });
  const admin = await adminSession();
  const res = await apiCall(admin, 'PUT', '/users/role', { email: volunteer.email, role: 'volunteer' });
  if (res.status !== 200) throw new Error(`making ${volunteer.email} a volunteer failed: ${res.status} ${await res.text()}`);
  return volunteer;
}

/** A browser page already signed in as `session`. */
export async function signedInPage(session: Session, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await newPage(viewport);
  await page.context().addCookies([{ ...session.cookie, url: baseURL }]);
  return page;
}

/** How many calls the page has made to /api/auth so far (read it through the returned function). */
export function countAuthRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/auth')) count += 1;
  });
  return () => count;
}

/** A valid 1×1 PNG on disk, for the file input. */
export function tinyPngFile(): string {
  const file = path.join(tmpdir(), `accounts-e2e-${process.pid}.png`);
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  writeFileSync(file, Buffer.from(png, 'base64'));
  return file;
}

/** The spec's red and green lines: Mantine red.9 and teal.9. */
export const red = 'rgb(201, 42, 42)';
export const green = 'rgb(8, 127, 91)';

export async function colourOf(page: Page, text: string): Promise<string> {
  return page
    .getByText(text, { exact: true })
    .first()
    .evaluate((element) => getComputedStyle(element).color);
}
