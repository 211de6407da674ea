import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notice } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
let volunteer: TestAccount;
let donator: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signUp(t, { role: 'admin', name: 'Ada Admin' });
  volunteer = await signUp(t, { role: 'volunteer' });
  donator = await signUp(t);
});
afterAll(() => t.close());

describe('notices', () => {
  it('POST /notices is for admins only; refused calls change nothing', async () => {
    expect((await call(t, 'POST', '/api/notices', { notice: 'x' })).status).toBe(401);
    for (const who of [volunteer, donator]) expect((await call(t, 'POST', '/api/notices', { notice: 'x' }, who.auth)).status).toBe(403);
    expect(await t.app.db.select().from(notice)).toEqual([]);
  });

  it('publishes with the admin as author, and volunteers and admins read them newest first', async () => {
    for (const text of ['Bring gloves on Saturday', 'The hall opens at 9']) {
      const res = await call(t, 'POST', '/api/notices', { notice: text, email: donator.email, name: 'Forged' }, admin.auth);
      expect(res.status).toBe(200);
      expect((await res.json()).insertedId).toMatch(/^[0-9a-f-]{36}$/);
    }
    for (const who of [volunteer, admin]) {
      const res = await call(t, 'GET', '/api/notices', undefined, who.auth);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('2');
      const list = await res.json();
      expect(list.map((n: { notice: string }) => n.notice)).toEqual(['The hall opens at 9', 'Bring gloves on Saturday']);
      expect(list[0]).toMatchObject({ email: admin.email, name: 'Ada Admin', img: null });
    }
  });

  it('GET /notices is refused to signed-out callers and donators', async () => {
    expect((await call(t, 'GET', '/api/notices')).status).toBe(401);
    expect((await call(t, 'GET', '/api/notices', undefined, donator.auth)).status).toBe(403);
  });

  it('requires the notice text', async () => {
    const res = await call(t, 'POST', '/api/notices', { notice: '   ' }, admin.auth);
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ notice: 'Notice is required' });
  });
});
