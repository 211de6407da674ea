import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../test/accounts.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ authRateLimit: 3 });
});
afterAll(() => t.close());

/** Accounts made without the HTTP sign-up, whose own limit (per address, shared through Redis) is not under test here. */
async function account(label: string) {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
  const password = 'kettle-harbour-42';
  await t.app.auth.api.signUpEmail({ body: { name: label, email, password } });
  return { email, password };
}

describe('sign-in rate limit', () => {
  it('answers 429 with Retry-After and a message once the attempts for an email run out', async () => {
    const who = await account('limited');
    for (let i = 0; i < 3; i++) expect((await signIn(t, who.email, `wrong-${i}-password`)).status).toBe(401);
    const limited = await signIn(t, who.email, who.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const { error } = await limited.json();
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/^Too many attempts\. Please wait .+ and try again\.$/);
    // Another person's sign-in is not held up.
    const other = await account('other');
    expect((await signIn(t, other.email, other.password)).status).toBe(200);
  });

  it('shares the count between instances through Redis when REDIS_URL is set', async () => {
    const second = await startTestApp({ authRateLimit: 3, databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    try {
      const email = `shared-${Date.now()}@example.org`;
      const statuses: number[] = [];
      for (const app of [t, second, t, second]) statuses.push((await signIn(app, email, 'wrong-password-1')).status);
      // With Redis both instances count together; without it each counts its own attempts.
      expect(statuses).toEqual(t.config.redisUrl ? [401, 401, 401, 429] : [401, 401, 401, 401]);
    } finally {
      await second.close();
    }
  });
});
