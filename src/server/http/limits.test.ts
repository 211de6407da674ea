import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Limits, loadConfig } from '../config.ts';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

const { redisUrl, limits: productLimits } = loadConfig();
/** The product's limits, lowered so a test reaches them in a few calls. */
const low: Limits = {
  ...productLimits,
  signInPerAddress: 4,
  perAccountHourly: { uploads: 2, reviews: 2, registrations: 2, paymentIntents: 2 },
};
let t: TestApp;

beforeAll(async () => {
  // Behind a proxy, so each test signs in from its own client address.
  t = await startTestApp({ limits: low, trustProxy: true });
});
afterAll(() => t.close());

const picture = (size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#2b6cb0' } })
    .png()
    .toBuffer();

function signInFrom(app: TestApp, address: string, email: string) {
  return call(app, 'POST', '/api/auth/sign-in/email', { email, password: 'wrong-password-1' }, { 'x-forwarded-for': address });
}

async function expectLimited(res: Response, words: RegExp) {
  expect(res.status).toBe(429);
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(Number.isInteger(wait)).toBe(true);
  const { error } = await res.json();
  expect(error.code).toBe('rate_limited');
  expect(error.message).toMatch(words);
  expect(error.message).toMatch(/Please wait \d+ (seconds?|minutes?) and try again\.$/);
  return wait;
}

describe('sign-in attempts per client address', () => {
  it('stops one address trying many emails (password spraying), while other addresses still sign in', async () => {
    const address = '203.0.113.10';
    for (let i = 0; i < 4; i++) expect((await signInFrom(t, address, `spray-${i}-${Date.now()}@example.org`)).status).toBe(401);
    // A fifth email, never tried before, is refused: the count is per address, whatever the email.
    const wait = await expectLimited(await signInFrom(t, address, `spray-new-${Date.now()}@example.org`), /sign-in attempts/);
    expect(wait).toBeLessThanOrEqual(5 * 60);
    expect((await signInFrom(t, '203.0.113.11', `spray-0-${Date.now()}@example.org`)).status).toBe(401);
  });
});

describe('writes limited per account in each hour', () => {
  let who: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    who = await signUp(t);
    other = await signUp(t);
  });

  const review = (account: TestAccount) =>
    call(t, 'POST', '/api/review', { message: 'Lovely day', review: 'Well organised.' }, account.auth);

  it('refuses a third review in the hour with 429 and Retry-After, and nothing more is stored; another account still writes', async () => {
    expect((await review(who)).status).toBe(200);
    expect((await review(who)).status).toBe(200);
    const wait = await expectLimited(await review(who), /reviews/);
    expect(wait).toBeLessThanOrEqual(60 * 60);
    const mine = await (await call(t, 'GET', `/api/review/${encodeURIComponent(who.email)}`, undefined, who.auth)).json();
    expect(mine).toHaveLength(2);
    expect((await review(other)).status).toBe(200);
  });

  it('refuses a third registration in the hour', async () => {
    const events = await Promise.all([1, 2, 3].map((inDays) => insertEvent(t.app.db, { inDays })));
    const register = (eventId: string) => call(t, 'POST', '/api/register', { eventId }, who.auth);
    expect((await register(events[0]!.id)).status).toBe(201);
    expect((await register(events[1]!.id)).status).toBe(201);
    await expectLimited(await register(events[2]!.id), /registered for many events/);
  });

  it('refuses a third donation started in the hour', async () => {
    const event = await insertEvent(t.app.db, { inDays: 5 });
    const start = () => call(t, 'POST', '/api/create-payment-intent', { eventId: event.id }, who.auth);
    expect((await start()).status).toBe(200);
    expect((await start()).status).toBe(200);
    await expectLimited(await start(), /started many donations/);
  });

  it('refuses a third picture upload in the hour, before reading it', async () => {
    const upload = async () =>
      t.api('/api/users/photo', { method: 'PUT', headers: { 'content-type': 'image/png', ...who.auth }, body: await picture() });
    expect((await upload()).status).toBe(200);
    expect((await upload()).status).toBe(200);
    await expectLimited(await upload(), /uploaded many pictures/);
  });
});

describe('picture size and decoding', () => {
  it('refuses a picture of more than 25 megapixels with 413 and says why, without decoding it', async () => {
    const who = await signUp(t);
    // 40 megapixels of one colour: a small file that would take seconds of CPU to decode.
    const huge = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#888' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const decodedBefore = t.app.pictureDecodes.peakActive;
    const res = await t.api('/api/users/photo', { method: 'PUT', headers: { 'content-type': 'image/png', ...who.auth }, body: huge });
    expect(res.status).toBe(413);
    const { error } = await res.json();
    expect(error.code).toBe('payload_too_large');
    expect(error.message).toBe(
      'This picture is 8000 × 5000 pixels (40 megapixels); pictures may have at most 25 megapixels. Make it smaller and try again.',
    );
    expect(error.fields.image).toBe(error.message);
    expect(t.app.pictureDecodes.peakActive).toBe(decodedBefore);
    expect((await (await call(t, 'GET', '/api/users/me', undefined, who.auth)).json()).photoURL ?? null).toBeNull();
  });

  it('decodes at most two pictures at once, queues a few more and turns the rest away with 503, while other requests are answered', async () => {
    const burst = await startTestApp({
      limits: {
        ...productLimits,
        perAccountHourly: { ...productLimits.perAccountHourly, uploads: 100 },
        pictureDecodes: 2,
        pictureQueue: 3,
      },
    });
    try {
      const who = await signUp(burst);
      const pool = burst.app.pictureDecodes;
      // Two long decodes hold both places until the test lets them go.
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const held = [pool.run(() => gate), pool.run(() => gate)];
      expect(pool.load).toEqual({ active: 2, waiting: 0 });

      const body = await picture(1024);
      const upload = () => burst.api('/api/users/photo', { method: 'PUT', headers: { 'content-type': 'image/png', ...who.auth }, body });
      const queued = [upload(), upload(), upload()];
      while (pool.load.waiting < 3) await new Promise((resolve) => setTimeout(resolve, 20));

      // The line is full: the next upload is told at once to come back.
      const turnedAway = await upload();
      expect(turnedAway.status).toBe(503);
      expect(Number(turnedAway.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await turnedAway.json()).error).toEqual({
        code: 'unavailable',
        message: 'Many pictures are being processed right now. Please try again in a few seconds.',
      });
      // Reading is not held up by the uploads waiting for their turn.
      expect((await burst.api('/api/events')).status).toBe(200);
      expect(pool.load).toEqual({ active: 2, waiting: 3 });

      release();
      await Promise.all(held);
      expect((await Promise.all(queued)).map((res) => res.status)).toEqual([200, 200, 200]);
      expect(pool.peakActive).toBe(2);
      expect(pool.load).toEqual({ active: 0, waiting: 0 });
    } finally {
      await burst.close();
    }
  });
});

// `npm test` runs without Redis; the PostgreSQL pass of .ci/run sets REDIS_URL, and there these
// cannot pass unless Redis keeps the counts.
describe.runIf(redisUrl)('with REDIS_URL', () => {
  it('counts sign-ins per address and each account’s writes across instances, in Redis', async () => {
    const second = await startTestApp({ limits: low, trustProxy: true, databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
    await redis.connect();
    try {
      const address = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
      const statuses: number[] = [];
      for (const [i, app] of [t, second, t, second, t].entries()) {
        statuses.push((await signInFrom(app, address, `shared-${i}-${Date.now()}@example.org`)).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429]);

      const who = await signUp(t);
      const review = (app: TestApp) => call(app, 'POST', '/api/review', { message: 'Shared', review: 'Counted once.' }, who.auth);
      expect([(await review(t)).status, (await review(second)).status, (await review(t)).status]).toEqual([200, 200, 429]);
      expect(await redis.exists(`hh-rate-limit:account:reviews:${who.id}`)).toBe(1);
    } finally {
      redis.disconnect();
      await second.close();
    }
  });
});
