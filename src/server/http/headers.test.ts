import { describe, expect, it } from 'vitest';
import { donate, register } from '../test/access-callers.ts';
import { signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { sharedApp } from '../test/shared-app.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
let donor: TestAccount;
let eventId: string;
let registrationId: string;
let donationId: string;

sharedApp({ admin: { role: 'admin' }, donor: {} }, async (started) => {
  ({ t, admin, donor } = started);
  eventId = (await insertEvent(t.app.db, { inDays: 3 })).id;
  registrationId = await register(t, donor, eventId);
  donationId = await donate(t, donor, eventId);
});

const directives = (res: Response) => (res.headers.get('cache-control') ?? '').split(',').map((part) => part.trim());

describe('Cache-Control on personal and admin replies', () => {
  const personal = () =>
    [
      ['/api/users/me', donor],
      ['/api/users/me/email-preferences', donor],
      [`/api/users/${encodeURIComponent(donor.email)}`, donor],
      [`/api/register/event/${encodeURIComponent(donor.email)}`, donor],
      [`/api/register/${registrationId}/pass`, donor],
      [`/api/payment/${encodeURIComponent(donor.email)}`, donor],
      [`/api/payment/${donationId}/receipt`, donor],
      [`/api/payment/${donationId}/receipt.pdf`, donor],
      [`/api/review/${encodeURIComponent(donor.email)}`, donor],
      [`/api/impact/${encodeURIComponent(donor.email)}`, donor],
      ['/api/users', admin],
      ['/api/register', admin],
      ['/api/register/export.csv', admin],
      ['/api/payment/export.csv', admin],
      ['/api/reviews', admin],
      ['/api/outbox', admin],
      ['/api/overview', admin],
      [`/api/events/${eventId}/roster`, admin],
      [`/api/events/${eventId}/roster.csv`, admin],
      [`/api/events/${eventId}/checkins`, admin],
    ] as const;

  it('are never stored by browsers or proxies: CSV exports, PDFs, the receipt, the account, admin lists', async () => {
    for (const [path, who] of personal()) {
      // Twice: the second may be answered from the server's memory, and must say the same.
      for (const attempt of [1, 2]) {
        const res = await t.api(path, { headers: who.auth });
        expect(res.status, `${path} (${attempt})`).toBe(200);
        expect(directives(res), `${path} (${attempt})`).toContain('no-store');
        await res.arrayBuffer();
      }
    }
  });

  it('are not stored when refused to another account either', async () => {
    const other = await signUp(t);
    const res = await t.api(`/api/payment/${donationId}/receipt`, { headers: other.auth });
    expect(res.status).toBe(403);
    expect(directives(res)).toContain('no-store');
  });
});

describe('headers every reply carries', () => {
  const everywhere = ['/api/health', '/api/site', '/api/site', '/api/events', '/api/nothing-here'];

  it('restricts browser features with Permissions-Policy: the camera for this site only, no microphone or location', async () => {
    for (const path of everywhere) {
      const policy = (await t.api(path)).headers.get('permissions-policy') ?? '';
      const rules = new Map(policy.split(', ').map((rule) => rule.split('=') as [string, string]));
      expect(rules.get('camera'), path).toBe('(self)');
      expect(rules.get('microphone'), path).toBe('()');
      expect(rules.get('geolocation'), path).toBe('()');
      // Test mode takes no card through a browser wallet.
      expect(rules.get('payment'), path).toBe('()');
    }
  });

  it('sends no HSTS when PUBLIC_URL is plain http', async () => {
    for (const path of everywhere) expect((await t.api(path)).headers.get('strict-transport-security')).toBeNull();
  });

  it('tells browsers to use https only, for a year, when PUBLIC_URL is https, on replies from memory too', async () => {
    const secure = await startTestApp({ publicUrl: 'https://give.example.org' });
    try {
      for (const path of everywhere) {
        const res = await secure.api(path);
        expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
        expect(res.headers.get('permissions-policy'), path).toContain('camera=(self)');
      }
    } finally {
      await secure.close();
    }
  });

  it("lets Stripe's frames use the Payment Request API when Stripe is on", async () => {
    const withStripe = await startTestApp({
      stripe: { secretKey: 'sk_test_pp', publishableKey: 'pk_test_pp', webhookSecret: undefined, apiBase: undefined },
    });
    try {
      expect((await withStripe.api('/api/health')).headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
    } finally {
      await withStripe.close();
    }
  });
});
