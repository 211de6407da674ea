import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { signIn, signUp } from '../test/accounts.ts';
import { type FaultProxy, startFaultProxy, throughProxy } from '../test/fault-proxy.ts';
import { freePort, processTimeout, startOnFreshDatabase, waitForHealth } from '../test/server-process.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

// The app counts rate limits in Redis when it answers and in its own process when it does not
// (docs/decisions/011-redis-outage.md). A refusing Redis needs no Redis at all, so those cases run on
// every pass; Redis stalling and returning need the real one, which the PostgreSQL pass of .ci/run sets.
const { redisUrl } = loadConfig();

let target: { host: string; port: number };
beforeAll(async () => {
  if (redisUrl) {
    const url = new URL(redisUrl);
    target = { host: url.hostname, port: Number(url.port || 6379) };
  } else {
    target = { host: '127.0.0.1', port: await freePort() };
  }
});

const proxies: FaultProxy[] = [];
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
});

async function proxyTo(mode: 'pass' | 'refuse') {
  const proxy = await startFaultProxy(target);
  proxies.push(proxy);
  proxy.set(mode);
  return { proxy, url: throughProxy(redisUrl ?? `redis://${target.host}:${target.port}`, proxy) };
}

let emails = 0;
const freshEmail = (label: string) => `${label}-${++emails}-${Date.now()}@example.org`;

async function health(t: TestApp) {
  const res = await t.api('/api/health');
  return { status: res.status, body: (await res.json()) as { redis?: string } };
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited ${ms} ms for ${what}`);
}

describe('Redis refusing from the start', () => {
  it('the app starts, signs people up and in, and still stops the attempt after the limit (counted in the process)', async () => {
    const { url } = await proxyTo('refuse');
    const t = await startTestApp({ authRateLimit: 3, redisUrl: url });
    try {
      const who = await signUp(t);
      expect((await signIn(t, who.email, who.password)).status).toBe(200);
      expect((await signIn(t, who.email, 'wrong-password-1')).status).toBe(401);
      expect((await signIn(t, who.email, 'wrong-password-2')).status).toBe(401);
      const limited = await signIn(t, who.email, who.password);
      expect(limited.status).toBe(429);
      expect((await limited.json()).error.code).toBe('rate_limited');
      // The app works without Redis, so health stays 200 and says what is missing.
      expect(await health(t)).toEqual({ status: 200, body: expect.objectContaining({ status: 'ok', redis: 'unavailable' }) });
    } finally {
      await t.close();
    }
  });
});

describe('the server process, with Redis refusing', () => {
  it(
    'starts, limits sign-in, writes only JSON lines and a few about Redis for a 5-second outage',
    async () => {
      const { proxy, url } = await proxyTo('refuse');
      const { server, origin, stop } = await startOnFreshDatabase({ REDIS_URL: url, AUTH_RATE_LIMIT: '5' });
      try {
        await waitForHealth(`${origin}/api/health`, server.exited);
        const statuses: number[] = [];
        const email = freshEmail('outage');
        // Ten tries, however long each takes on a slow machine: the first five refused for the password,
        // the rest by the limit. Then the outage is let run to 5 s, for the lines about it to be counted.
        const outageEnds = Date.now() + 5000;
        for (let attempt = 0; attempt < 10; attempt += 1) {
          const res = await fetch(`${origin}/api/auth/sign-in/email`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin },
            body: JSON.stringify({ email, password: 'wrong-password-1' }),
          });
          statuses.push(res.status);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now())));
        const during = await fetch(`${origin}/api/health`);
        expect(during.status).toBe(200);
        expect((await during.json()).redis).toBe('unavailable');

        if (redisUrl) {
          proxy.set('pass');
          await waitFor('the line saying Redis answers again', async () => server.output().includes('Redis answers again'));
          expect((await (await fetch(`${origin}/api/health`)).json()).redis).toBe('ok');
        }

        const lines = server
          .output()
          .split('\n')
          .filter((line) => line.trim() !== '');
        const parsed = lines.map((line) => {
          try {
            return JSON.parse(line) as { level: number; msg?: string; reason?: string; localCalls?: number };
          } catch {
            throw new Error(`not a JSON line: ${line}`);
          }
        });
        const aboutRedis = parsed.filter((line) => /redis/i.test(line.msg ?? ''));
        // One warning when counting moved into the process (with the reason), one line when it moved back.
        expect(aboutRedis[0]).toMatchObject({ level: 40, msg: 'rate limits counted in this process while Redis is unreachable' });
        expect(aboutRedis[0]?.reason).toBeTruthy();
        expect(aboutRedis).toHaveLength(redisUrl ? 2 : 1);
        if (redisUrl) {
          expect(aboutRedis[1]).toMatchObject({ level: 30, msg: 'Redis answers again: rate limits counted in Redis' });
          expect(aboutRedis[1]?.localCalls).toBeGreaterThanOrEqual(statuses.length);
        }
      } finally {
        await stop();
      }
    },
    processTimeout,
  );
});

describe.runIf(redisUrl)('Redis stalling and returning', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(redisUrl ?? '', { lazyConnect: true });
    await redis.connect();
  });
  afterAll(() => redis.disconnect());

  /** Whether a sign-in attempt for a new email is counted in the real Redis (the instances' shared count). */
  async function countedInRedis(t: TestApp) {
    const email = freshEmail('probe');
    expect((await signIn(t, email, 'wrong-password-1')).status).toBe(401);
    // The sign-in limit's own count (per address and email); failures for the account count apart.
    return (await redis.keys(`hh-rate-limit:*sign-in:*${email}`)).length === 1;
  }

  /** Accounts made without the HTTP sign-up, whose limit (per address, shared through Redis with other files) is not under test. */
  async function account(t: TestApp) {
    const email = freshEmail('stall');
    const password = 'kettle-harbour-42';
    await t.app.auth.api.signUpEmail({ body: { name: 'Sam Stall', email, password } });
    return { email, password };
  }

  it('while Redis stalls, sign-in answers soon and the limit still applies; when it answers, counts go back to Redis', async () => {
    const { proxy, url } = await proxyTo('pass');
    const t = await startTestApp({ authRateLimit: 3, redisUrl: url });
    try {
      expect(await countedInRedis(t)).toBe(true);
      const who = await account(t);

      proxy.set('stall');
      const started = Date.now();
      expect((await signIn(t, who.email, who.password)).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await signIn(t, who.email, 'wrong-password-1')).status).toBe(401);
      expect((await signIn(t, who.email, 'wrong-password-2')).status).toBe(401);
      expect((await signIn(t, who.email, who.password)).status).toBe(429);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await health(t)).toEqual({ status: 200, body: expect.objectContaining({ redis: 'unavailable' }) });

      proxy.set('pass');
      await waitFor('counts in Redis again', () => countedInRedis(t));
      expect((await health(t)).body.redis).toBe('ok');
      // The attempts counted in the process while Redis stalled still count until their window ends.
      expect((await signIn(t, who.email, who.password)).status).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('after refusing at start, Redis returning brings back one count shared by every instance', async () => {
    const { proxy, url } = await proxyTo('refuse');
    const t = await startTestApp({ authRateLimit: 3, redisUrl: url });
    const direct = await startTestApp({ authRateLimit: 3 });
    try {
      // Apart while Redis refuses: each instance lets three attempts through.
      const apart = freshEmail('apart');
      const statuses: number[] = [];
      for (const app of [t, direct, t, direct, t, direct]) statuses.push((await signIn(app, apart, 'wrong-password-1')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);

      proxy.set('pass');
      const returned = Date.now();
      await waitFor('counts in Redis again', () => countedInRedis(t));
      // Reconnect attempts come at least every second, so this is about a second on an idle machine.
      expect(Date.now() - returned).toBeLessThan(10_000);

      const shared = freshEmail('shared');
      const together: number[] = [];
      for (const app of [t, direct, t, direct]) together.push((await signIn(app, shared, 'wrong-password-1')).status);
      expect(together).toEqual([401, 401, 401, 429]);
    } finally {
      await Promise.all([t.close(), direct.close()]);
    }
  });
});
