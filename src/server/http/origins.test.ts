import http from 'node:http';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account } from '../db/schema.ts';
import { call, type TestAccount } from '../test/accounts.ts';
import { sharedApp } from '../test/shared-app.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let who: TestAccount;

sharedApp({ who: {} }, (started) => ({ t, who } = started));

/**
 * A request with exactly these headers and no others (fetch adds its own Sec-Fetch-Mode), as a page
 * on another site, a script or a server would send it.
 */
function send(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; body: { error?: { code: string; message: string } } }>((resolve, reject) => {
    const request = http.request(
      `${t.baseUrl}${path}`,
      {
        method,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const profile = (address: string) => ({ address, age: '30', education: 'x', occupation: 'x' });
const addressOf = async (id: string) => (await t.app.db.select().from(account).where(eq(account.id, id)))[0]?.address;

describe('writes carrying the session cookie', () => {
  it('are refused without Origin, and change nothing', async () => {
    const res = await send('PUT', '/api/users', { cookie: who.cookie }, profile('No Origin Street'));
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: 'This request came from another site and was refused' });
    expect(await addressOf(who.id)).not.toBe('No Origin Street');
  });

  it('are refused without Origin when the browser says the call came from another site', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await send('PUT', '/api/users', { cookie: who.cookie, 'sec-fetch-site': site }, profile(`From ${site}`));
      expect(res.status).toBe(403);
    }
    expect((await send('DELETE', `/api/users/${who.id}`, { cookie: who.cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('are accepted without Origin when the browser says the call came from this site or from the person', async () => {
    for (const site of ['same-origin', 'none']) {
      const res = await send('PUT', '/api/users', { cookie: who.cookie, 'sec-fetch-site': site }, profile(`Sent ${site}`));
      expect(res.status).toBe(200);
      expect(await addressOf(who.id)).toBe(`Sent ${site}`);
    }
  });

  it('are accepted from PUBLIC_URL, and refused from any other scheme, host or port, whatever the Host header says', async () => {
    expect((await send('PUT', '/api/users', { cookie: who.cookie, origin: t.config.publicUrl }, profile('Public'))).status).toBe(200);
    const publicUrl = new URL(t.config.publicUrl);
    const others = [
      `http://127.0.0.1:${Number(publicUrl.port) + 1}`,
      `https://127.0.0.1:${publicUrl.port}`,
      `http://localhost:${publicUrl.port}`,
      'http://evil.example',
      'null',
      'not a url',
    ];
    for (const origin of others) {
      // The Host header names the same place as Origin: it is the caller's to choose, so it proves nothing.
      const host = URL.canParse(origin) ? new URL(origin).host : 'evil.example';
      const res = await send('PUT', '/api/users', { cookie: who.cookie, origin, host }, profile(origin));
      expect(res.status, origin).toBe(403);
    }
    expect(await addressOf(who.id)).toBe('Public');
  });
});

describe('writes without the session cookie', () => {
  it('are accepted from an API client with a bearer token and no Origin', async () => {
    const res = await send('PUT', '/api/users', { authorization: `Bearer ${who.token}` }, profile('Bearer Street'));
    expect(res.status).toBe(200);
    expect(await addressOf(who.id)).toBe('Bearer Street');
  });

  it("reach Stripe's notifications route, which servers call without Origin or cookie", async () => {
    const res = await send('POST', '/api/stripe/webhook', { 'stripe-signature': 't=1,v1=00' }, { type: 'payment_intent.succeeded' });
    // Past the origin check: the route itself judges the signature (never valid in test mode).
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('The notification signature is not valid');
  });
});

describe('the sign-in library', () => {
  it('trusts only PUBLIC_URL as origin: an Origin made to match the Host header is refused', async () => {
    const signInWith = (headers: Record<string, string>) =>
      send('POST', '/api/auth/sign-in/email', headers, { email: who.email, password: who.password });
    expect((await signInWith({ origin: 'http://evil.example', host: 'evil.example' })).status).toBe(403);
    // The public address signs in whatever Host says: nothing it answers is built from Host.
    expect((await signInWith({ origin: t.config.publicUrl, host: 'evil.example' })).status).toBe(200);
  });

  it('leaves reads alone: a GET with a foreign Origin and the cookie is answered', async () => {
    const res = await call(t, 'GET', '/api/users/me', undefined, { cookie: who.cookie, origin: 'https://evil.example' });
    expect(res.status).toBe(200);
  });
});
