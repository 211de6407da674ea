import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { review } from '../../db/schema.ts';
import { call, type TestAccount } from '../../test/accounts.ts';
import { insertReview } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
let author: TestAccount;
let volunteer: TestAccount;

sharedApp(
  { admin: { role: 'admin' }, author: { name: 'Mo Writer', role: 'volunteer' }, volunteer: { role: 'volunteer' } },
  (started) => ({ t, admin, author, volunteer } = started),
);

const publicMessages = async () => ((await (await t.api('/api/review?limit=50')).json()) as { message: string }[]).map((r) => r.message);
const statusSeenByAuthor = async (id: string) => {
  const mine = (await (await call(t, 'GET', `/api/review/${author.email}`, undefined, author.auth)).json()) as {
    _id: string;
    status: string;
  }[];
  return mine.find((r) => r._id === id)?.status;
};
const moderate = (id: string, status: string, who = admin) => call(t, 'PATCH', `/api/review/${id}`, { status }, who.auth);

describe('review moderation', () => {
  it('keeps a new review off the public list until an admin approves it, hides it again, and deletes it', async () => {
    const message = `Moderated ${Date.now()}`;
    const posted = await call(t, 'POST', '/api/review', { message, review: 'A good day' }, author.auth);
    const { insertedId } = await posted.json();
    expect(await publicMessages()).not.toContain(message);
    expect(await statusSeenByAuthor(insertedId)).toBe('pending');

    const approved = await moderate(insertedId, 'approved');
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ _id: insertedId, message, status: 'approved', name: 'Mo Writer' });
    expect(await publicMessages()).toContain(message);
    expect(await statusSeenByAuthor(insertedId)).toBe('approved');

    expect((await moderate(insertedId, 'hidden')).status).toBe(200);
    expect(await publicMessages()).not.toContain(message);
    expect(await statusSeenByAuthor(insertedId)).toBe('hidden');

    expect((await moderate(insertedId, 'approved')).status).toBe(200);
    const deleted = await call(t, 'DELETE', `/api/review/${insertedId}`, undefined, admin.auth);
    expect(await deleted.json()).toEqual({ deletedCount: 1 });
    expect(await publicMessages()).not.toContain(message);
    expect(await statusSeenByAuthor(insertedId)).toBeUndefined();
    const again = await call(t, 'DELETE', `/api/review/${insertedId}`, undefined, admin.auth);
    expect(await again.json()).toEqual({ deletedCount: 0 });
  });

  it('lists the reviews in one state for admins, newest first, paged and counted', async () => {
    const tag = `List${Date.now()}`;
    const day = 24 * 60 * 60 * 1000;
    for (let i = 0; i < 3; i++) {
      await insertReview(t.app.db, { message: `${tag} pending ${i}`, status: 'pending', createdAt: new Date(Date.now() - i * day) });
    }
    await insertReview(t.app.db, { message: `${tag} hidden`, status: 'hidden' });
    await insertReview(t.app.db, { message: `${tag} approved`, status: 'approved' });

    const page = await call(t, 'GET', `/api/reviews?status=pending&q=${tag}&limit=2`, undefined, admin.auth);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-total-count')).toBe('3');
    const rows = await page.json();
    expect(rows.map((r: { message: string }) => r.message)).toEqual([`${tag} pending 0`, `${tag} pending 1`]);
    expect(Object.keys(rows[0]).sort()).toEqual(['_id', 'date', 'email', 'img', 'message', 'name', 'review', 'status']);
    const next = await (await call(t, 'GET', `/api/reviews?status=pending&q=${tag}&limit=2&offset=2`, undefined, admin.auth)).json();
    expect(next.map((r: { message: string }) => r.message)).toEqual([`${tag} pending 2`]);

    for (const status of ['hidden', 'approved']) {
      const list = await (await call(t, 'GET', `/api/reviews?status=${status}&q=${tag}`, undefined, admin.auth)).json();
      expect(list.map((r: { message: string; status: string }) => [r.message, r.status])).toEqual([[`${tag} ${status}`, status]]);
    }
    // Without a status: the ones waiting.
    const waiting = await call(t, 'GET', `/api/reviews?q=${tag}`, undefined, admin.auth);
    expect(waiting.headers.get('x-total-count')).toBe('3');
  });

  it('refuses signed-out callers (401) and non-admins (403), changing nothing', async () => {
    const row = await insertReview(t.app.db, { status: 'pending' });
    for (const [who, status] of [
      [undefined, 401],
      [author, 403],
      [volunteer, 403],
    ] as const) {
      expect((await call(t, 'GET', '/api/reviews', undefined, who?.auth)).status).toBe(status);
      expect((await call(t, 'PATCH', `/api/review/${row.id}`, { status: 'approved' }, who?.auth)).status).toBe(status);
      expect((await call(t, 'DELETE', `/api/review/${row.id}`, undefined, who?.auth)).status).toBe(status);
    }
    const [after] = await t.app.db.select().from(review).where(eq(review.id, row.id));
    expect(after?.status).toBe('pending');
  });

  it('checks the new status and the id', async () => {
    const row = await insertReview(t.app.db, { status: 'pending' });
    const wrong = await moderate(row.id, 'pending');
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields).toEqual({ status: 'status must be approved or hidden' });
    expect((await moderate('not-an-id', 'approved')).status).toBe(404);
    expect((await moderate('00000000-0000-4000-8000-000000000000', 'approved')).status).toBe(404);
    const badList = await call(t, 'GET', '/api/reviews?status=deleted', undefined, admin.auth);
    expect(badList.status).toBe(400);
    expect((await badList.json()).error.fields).toEqual({ status: 'status must be one of pending, approved, hidden' });
  });

  it('gives every review a picture URL: the uploaded one under the public address, the default otherwise', async () => {
    const withPicture = await insertReview(t.app.db, { status: 'approved', img: '/api/images/00000000-0000-4000-8000-000000000001' });
    const elsewhere = await insertReview(t.app.db, { status: 'approved', img: 'https://pictures.example/me.png' });
    const without = await insertReview(t.app.db, { status: 'approved', img: null });
    const list = (await (await t.api('/api/review?limit=50')).json()) as { _id: string; img: string }[];
    const imgOf = (id: string) => list.find((r) => r._id === id)?.img;
    expect(imgOf(withPicture.id)).toBe(`${t.config.publicUrl}/api/images/00000000-0000-4000-8000-000000000001`);
    expect(imgOf(elsewhere.id)).toBe('https://pictures.example/me.png');
    expect(imgOf(without.id)).toBe(`${t.config.publicUrl}/images/default-avatar.svg`);
    expect(list.every((r) => typeof r.img === 'string' && r.img.length > 0)).toBe(true);
  });
});
