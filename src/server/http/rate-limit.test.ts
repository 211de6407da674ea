import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { signIn } from '../test/accounts.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

const { redisUrl } = loadConfig();
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

  /** Three instances' worth of wrong passwords for one email, alternating between `first` and `second`. */
  async function alternate(first: TestApp, second: TestApp, email: string) {
    const statuses: number[] = [];
    for (const app of [first, second, first, second]) statuses.push((await signIn(app, email, 'wrong-password-1')).status);
    return statuses;
  }

  it('without REDIS_URL, counts each instance on its own', async () => {
    const first = await startTestApp({ authRateLimit: 3, redisUrl: undefined });
    const second = await startTestApp({ authRateLimit: 3, redisUrl: undefined });
    try {
      expect(await alternate(first, second, `apart-${Date.now()}@example.org`)).toEqual([401, 401, 401, 401]);
      // Each instance still stops its own fourth attempt.
      const email = `alone-${Date.now()}@example.org`;
      const alone = await alternate(first, first, email);
      expect(alone).toEqual([401, 401, 401, 429]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  // `npm test` on a fresh machine runs without Redis, and so does the embedded pass of .ci/run; its
  // PostgreSQL pass sets REDIS_URL, and there this test runs and cannot pass unless Redis keeps the count.
  describe.runIf(redisUrl)('with REDIS_URL', () => {
    it('counts the attempts of every instance together, in Redis', async () => {
      const second = await startTestApp({ authRateLimit: 3, databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
      const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
      await redis.connect();
      try {
        const email = `shared-${Date.now()}@example.org`;
        expect(await alternate(t, second, email)).toEqual([401, 401, 401, 429]);
        // The count lives in Redis under the app's namespace, not in either process.
        const keys = await redis.keys('hh-rate-limit:*');
        expect(keys.some((key) => key.includes(email))).toBe(true);
      } finally {
        redis.disconnect();
        await second.close();
      }
    });
  });
});
