import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReview } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  const day = 24 * 60 * 60 * 1000;
  for (let i = 0; i < 8; i++) {
    const at = new Date(Date.now() - i * day);
    await insertReview(t.app.db, { message: `Message ${i}`, email: `r${i}@example.org`, createdAt: at, status: 'approved' });
  }
  // Newer than all of them, but not for the public until an admin approves them.
  await insertReview(t.app.db, { message: 'Waiting', status: 'pending' });
  await insertReview(t.app.db, { message: 'Taken down', status: 'hidden' });
});
afterAll(() => t.close());

describe('GET /api/review', () => {
  it('lists the newest approved reviews first, six by default, with their total', async () => {
    const res = await t.api('/api/review');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('8');
    const reviews = await res.json();
    expect(reviews.map((r: { message: string }) => r.message)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `Message ${i}`));
  });

  it("never shows a reviewer's email address or name to the public", async () => {
    const text = await (await t.api('/api/review?limit=50')).text();
    expect(text).not.toContain('@example.org');
    expect(text).not.toContain('Reviewer ');
    const [first] = JSON.parse(text);
    expect(Object.keys(first).sort()).toEqual(['_id', 'date', 'img', 'message', 'review']);
  });

  it("gives the default picture's URL for a reviewer without one, never null", async () => {
    const reviews = await (await t.api('/api/review?limit=50')).json();
    expect(reviews.map((r: { img: string }) => r.img)).toEqual(Array(8).fill(`${t.config.publicUrl}/images/default-avatar.svg`));
  });
});
