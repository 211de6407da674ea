import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notice } from '../../db/schema.ts';
import { call, type TestAccount } from '../../test/accounts.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
let volunteer: TestAccount;
let donator: TestAccount;

sharedApp(
  { admin: { role: 'admin', name: 'Ada Admin' }, volunteer: { role: 'volunteer' }, donator: {} },
  (started) => ({ t, admin, volunteer, donator } = started),
);

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
      expect(list[0]).toMatchObject({ email: admin.email, name: 'Ada Admin', img: `${t.config.publicUrl}/images/default-avatar.svg` });
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

  it('lets admins edit a notice: the text changes, the author and date stay', async () => {
    const { insertedId } = await (await call(t, 'POST', '/api/notices', { notice: 'Meet at the gate' }, admin.auth)).json();
    const before = ((await (await call(t, 'GET', '/api/notices', undefined, admin.auth)).json()) as { _id: string }[]).find(
      (n) => n._id === insertedId,
    );
    const res = await call(t, 'PUT', `/api/notices/${insertedId}`, { notice: '  Meet at the side gate  ' }, admin.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...before, notice: 'Meet at the side gate' });
    const list = (await (await call(t, 'GET', '/api/notices', undefined, volunteer.auth)).json()) as { _id: string; notice: string }[];
    expect(list.find((n) => n._id === insertedId)?.notice).toBe('Meet at the side gate');

    const empty = await call(t, 'PUT', `/api/notices/${insertedId}`, { notice: ' ' }, admin.auth);
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.fields).toEqual({ notice: 'Notice is required' });
    expect((await call(t, 'PUT', '/api/notices/00000000-0000-4000-8000-000000000000', { notice: 'x' }, admin.auth)).status).toBe(404);
    expect((await call(t, 'PUT', '/api/notices/not-an-id', { notice: 'x' }, admin.auth)).status).toBe(404);
  });

  it('lets admins delete a notice', async () => {
    const { insertedId } = await (await call(t, 'POST', '/api/notices', { notice: 'Cancelled: Sunday litter pick' }, admin.auth)).json();
    const res = await call(t, 'DELETE', `/api/notices/${insertedId}`, undefined, admin.auth);
    expect(await res.json()).toEqual({ deletedCount: 1 });
    const list = (await (await call(t, 'GET', '/api/notices', undefined, admin.auth)).json()) as { _id: string }[];
    expect(list.map((n) => n._id)).not.toContain(insertedId);
    expect(await (await call(t, 'DELETE', `/api/notices/${insertedId}`, undefined, admin.auth)).json()).toEqual({ deletedCount: 0 });
  });

  it('refuses editing and deleting to signed-out callers (401) and non-admins (403), changing nothing', async () => {
    const { insertedId } = await (await call(t, 'POST', '/api/notices', { notice: 'Stays as it is' }, admin.auth)).json();
    for (const [who, status] of [
      [undefined, 401],
      [volunteer, 403],
      [donator, 403],
    ] as const) {
      expect((await call(t, 'PUT', `/api/notices/${insertedId}`, { notice: 'Changed' }, who?.auth)).status).toBe(status);
      expect((await call(t, 'DELETE', `/api/notices/${insertedId}`, undefined, who?.auth)).status).toBe(status);
    }
    const [row] = await t.app.db.select().from(notice).where(eq(notice.id, insertedId));
    expect(row?.notice).toBe('Stays as it is');
  });
});
