import { expect } from 'vitest';
import { listCursorMessage } from '../../shared/paging.ts';
import type { TestApp } from './test-app.ts';

/** The ids of a list (of at most 50) read whole in one page by offset: the order the cursor pages must follow. */
export async function idsByOffset(t: TestApp, url: string, headers: Record<string, string>): Promise<string[]> {
  const res = await t.api(`${url}${url.includes('?') ? '&' : '?'}limit=50`, { headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { _id: string }[]).map((row) => row._id);
}

/** The ids of a list read `limit` rows at a time, each page from the X-Next-Cursor of the page before. */
export async function idsByCursor(t: TestApp, url: string, headers: Record<string, string>, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res = await t.api(
      `${url}${url.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { headers },
    );
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { _id: string }[];
    ids.push(...rows.map((row) => row._id));
    cursor = res.headers.get('x-next-cursor');
    // A full page names the page after it; a shorter one is the last and names none.
    expect(cursor === null).toBe(rows.length < limit);
    if (!cursor) return ids;
  }
  throw new Error(`${url}: no last page after 100 pages`);
}

/** Reading a list page by page through its cursors gives every row once, in the list's order. */
export async function expectCursorPagesToFollow(t: TestApp, url: string, headers: Record<string, string>, limit = 2) {
  const whole = await idsByOffset(t, url, headers);
  const paged = await idsByCursor(t, url, headers, limit);
  expect(paged).toEqual(whole);
  expect(new Set(paged).size).toBe(paged.length);
  return whole;
}

/** A newest-first key with an instant that does not exist, which the database would fail on. */
export const impossibleInstant = Buffer.from('["2026-13-45T99:00:00+00:00", "00000000-0000-0000-0000-000000000000"]').toString('base64url');

/** Cursors this list did not give (garbled, or from another sort) are refused with 400, saying why. */
export async function expectBadCursorsRefused(t: TestApp, url: string, headers: Record<string, string>, others: string[] = []) {
  const join = url.includes('?') ? '&' : '?';
  const garbled = [
    'not-a-cursor',
    Buffer.from('["x"]').toString('base64url'),
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('[1, 2, 3, 4, 5]').toString('base64url'),
  ];
  for (const cursor of [...garbled, ...others]) {
    const res = await t.api(`${url}${join}cursor=${encodeURIComponent(cursor)}`, { headers });
    expect(res.status, cursor).toBe(400);
    const body = await res.json();
    expect(body.error.message).toContain(listCursorMessage);
  }
}
