import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Limits, loadConfig } from '../config.ts';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { insertDonation, insertEvent } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

// Files made for one account take the server a while each (one account's export loop once took
// another's median from 22 ms to 308 ms): each kind is limited per account and minute.

const { limits: productLimits } = loadConfig();
/** The product's limits with two downloads of each kind a minute, so a test reaches them in a few calls. */
const low: Limits = { ...productLimits, downloadsPerMinute: { ownData: 2, receipts: 2, certificates: 2 } };
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ limits: low });
});
afterAll(() => t.close());

async function expectLimited(res: Response, words: RegExp) {
  expect(res.status).toBe(429);
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
  expect(Number.isInteger(wait)).toBe(true);
  const { error } = await res.json();
  expect(error.code).toBe('rate_limited');
  expect(error.message).toMatch(words);
  expect(error.message).toMatch(/Please wait (\d+ seconds?|1 minute) and try again\.$/);
}

async function donationOf(who: TestAccount): Promise<string> {
  const ev = await insertEvent(t.app.db, { title: 'River Walk' });
  return (await insertDonation(t.app.db, who, ev, { amountCents: 2000 })).id;
}

const exportOf = (who: TestAccount) => call(t, 'GET', '/api/users/me/export', undefined, who.auth);
const receiptOf = (who: TestAccount, id: string) => call(t, 'GET', `/api/payment/${id}/receipt.pdf`, undefined, who.auth);
const certificateOf = (who: TestAccount) =>
  call(t, 'GET', `/api/impact/${encodeURIComponent(who.email)}/certificate.pdf`, undefined, who.auth);

describe('downloads limited per account and kind in each minute', () => {
  it('refuses a third download of one’s data in the minute with 429 and Retry-After; another account still downloads', async () => {
    const who = await signUp(t);
    const other = await signUp(t);
    expect((await exportOf(who)).status).toBe(200);
    expect((await exportOf(who)).status).toBe(200);
    await expectLimited(await exportOf(who), /downloaded your data many times in the last minute/);
    expect((await exportOf(other)).status).toBe(200);
  });

  it('refuses a third receipt PDF in the minute, whichever donation; another account and another kind are not held back', async () => {
    const who = await signUp(t);
    const other = await signUp(t);
    const gifts = [await donationOf(who), await donationOf(who)];
    expect((await receiptOf(who, gifts[0] ?? '')).status).toBe(200);
    expect((await receiptOf(who, gifts[1] ?? '')).status).toBe(200);
    await expectLimited(await receiptOf(who, gifts[0] ?? ''), /downloaded many receipts/);
    expect((await receiptOf(other, await donationOf(other))).status).toBe(200);
    expect((await exportOf(who)).status).toBe(200);
  });

  it('refuses a third certificate in the minute; another account still downloads its own', async () => {
    const who = await signUp(t);
    const other = await signUp(t);
    expect((await certificateOf(who)).status).toBe(200);
    expect((await certificateOf(who)).status).toBe(200);
    await expectLimited(await certificateOf(who), /downloaded many certificates/);
    expect((await certificateOf(other)).status).toBe(200);
  });

  it('says so in the API reference', async () => {
    const spec = await (await t.api('/api/openapi.json')).json();
    const tooMany = spec.paths['/api/users/me/export'].get.responses['429'];
    expect(tooMany.description).toMatch(/in the last minute/);
  });
});
