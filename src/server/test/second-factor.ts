import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { account } from '../db/schema.ts';
import { call, type TestAccount } from './accounts.ts';
import type { TestApp } from './test-app.ts';
import { secretOf, unusedTotpCode } from './totp.ts';

/** The cookies an answer set, as a browser would send them back (name=value; …). */
export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

/**
 * Turns two-step sign-in on for a signed-in account: enable with the password, then a code from the
 * app. Only a confirmed address may enrol, so the account's address is confirmed first, as its
 * owner's click on the mailed link would.
 */
export async function setUpSecondFactor(t: TestApp, who: TestAccount) {
  await t.app.db.update(account).set({ emailVerified: true }).where(eq(account.id, who.id));
  const started = await call(t, 'POST', '/api/auth/two-factor/enable', { password: who.password }, { cookie: who.cookie });
  expect(started.status).toBe(200);
  const { totpURI, backupCodes } = (await started.json()) as { totpURI: string; backupCodes: string[] };
  expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
  expect(backupCodes).toHaveLength(10);
  const secret = secretOf(totpURI);
  const confirmed = await call(
    t,
    'POST',
    '/api/auth/two-factor/verify-totp',
    { code: await unusedTotpCode(secret) },
    { cookie: who.cookie },
  );
  expect(confirmed.status).toBe(200);
  // Confirming replaces the session: the new one has passed the second factor.
  const cookie = cookiesOf(confirmed);
  expect(cookie).toContain('better-auth.session_token=');
  return { secret, backupCodes, cookie };
}
