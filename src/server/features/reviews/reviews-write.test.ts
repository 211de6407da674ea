import { describe, expect, it } from 'vitest';
import { review } from '../../db/schema.ts';
import { call, type TestAccount } from '../../test/accounts.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
let author: TestAccount;
let other: TestAccount;

sharedApp(
  { admin: { role: 'admin' }, author: { name: 'Rita Reviewer', role: 'volunteer' }, other: {} },
  (started) => ({ t, admin, author, other } = started),
);

describe('POST /api/review', () => {
  it('needs a signed-in caller', async () => {
    expect((await call(t, 'POST', '/api/review', { message: 'a', review: 'b' })).status).toBe(401);
    expect(await t.app.db.select().from(review)).toEqual([]);
  });

  it('takes the author from the account and the date from the server, and keeps markup as text', async () => {
    const words = { message: '<b>Great</b> day', review: '<img src=x onerror=alert(1)> fun' };
    const res = await call(
      t,
      'POST',
      '/api/review',
      { ...words, email: admin.email, name: 'Forged', img: 'https://evil.example/x.png', date: '1999-01-01' },
      author.auth,
    );
    expect(res.status).toBe(200);
    const { insertedId } = await res.json();
    const mine = await (await call(t, 'GET', `/api/review/${author.email}`, undefined, author.auth)).json();
    expect(mine).toEqual([
      {
        _id: insertedId,
        ...words,
        img: `${t.config.publicUrl}/images/default-avatar.svg`,
        date: expect.any(String),
        email: author.email,
        name: 'Rita Reviewer',
        status: 'pending',
      },
    ]);
    expect(Math.abs(Date.parse(mine[0].date) - Date.now())).toBeLessThan(60_000);
  });

  it('requires a message and a review, naming each', async () => {
    const res = await call(t, 'POST', '/api/review', { message: ' ' }, author.auth);
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ message: 'Message is required', review: 'Review is required' });
  });
});

describe('GET /api/review/{email}', () => {
  it('is for the author and admins', async () => {
    const path = `/api/review/${author.email}`;
    expect((await call(t, 'GET', path)).status).toBe(401);
    expect((await call(t, 'GET', path, undefined, other.auth)).status).toBe(403);
    expect((await call(t, 'GET', path, undefined, admin.auth)).status).toBe(200);
  });
});
