import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { account, image, review } from '../../db/schema.ts';
import type { TestAccount } from '../../test/accounts.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let who: TestAccount;

const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', size = 64) =>
  sharp({ create: { width: size, height: size / 2, channels: 3, background: '#c05621' } })
    .withExif({ IFD0: { Copyright: 'Taken at 51.5007N 0.1246W' } })
    .toFormat(format)
    .toBuffer();

const upload = (body: BodyInit, contentType: string, headers: Record<string, string> = who.auth) =>
  t.api('/api/users/photo', { method: 'PUT', headers: { 'content-type': contentType, ...headers }, body });

sharedApp({ who: {} }, (started) => ({ t, who } = started));

describe('PUT /api/users/photo', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('stores a %s re-encoded as WebP without its metadata, served with its type', async (format) => {
    const res = await upload(await picture(format, 2048), `image/${format}`);
    expect(res.status).toBe(200);
    const { photoURL } = await res.json();
    expect(photoURL).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    const me = await (await t.api('/api/users/me', { headers: who.auth })).json();
    expect(me.photoURL).toBe(photoURL);

    const served = await t.api(photoURL);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);
    expect(bytes.includes(Buffer.from('51.5007N'))).toBe(false);
  });

  it('recognises a picture by its content, not by the type the request claims', async () => {
    const res = await upload(await picture('png'), 'application/octet-stream');
    expect(res.status).toBe(200);
  });

  it.each([
    ['a GIF', () => picture('gif'), 'image/gif'],
    ['text named as a PNG', async () => Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png'],
    ['a truncated PNG', async () => (await picture('png')).subarray(0, 40), 'image/png'],
  ])('refuses %s with 400 and keeps the old picture', async (_what, make, contentType) => {
    const before = (await t.app.db.select({ image: account.image }).from(account).where(eq(account.id, who.id)))[0]?.image;
    const res = await upload(await make(), contentType);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Upload a PNG, JPEG or WebP image');
    const after = (await t.app.db.select({ image: account.image }).from(account).where(eq(account.id, who.id)))[0]?.image;
    expect(after).toBe(before);
  });

  it('refuses more than 2 MB with 413', async () => {
    const res = await upload(Buffer.alloc(2 * 1024 * 1024 + 1, 1), 'image/png');
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
  });

  it('needs a signed-in caller', async () => {
    const res = await upload(await picture('png'), 'image/png', {});
    expect(res.status).toBe(401);
  });

  it("moves the person's reviews to the new picture, so none points at a removed one", async () => {
    const first = (await (await upload(await picture('png'), 'image/png')).json()).photoURL as string;
    const posted = await t.api('/api/review', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.baseUrl, ...who.auth },
      body: JSON.stringify({ message: 'Lovely', review: 'Great day out' }),
    });
    const { insertedId } = await posted.json();
    const second = (await (await upload(await picture('webp'), 'image/webp')).json()).photoURL as string;
    const [mine] = await t.app.db.select().from(review).where(eq(review.id, insertedId));
    expect(mine?.img).toBe(second);
    expect((await t.api(first)).status).toBe(404);
    expect((await t.api(second)).status).toBe(200);
  });

  it('removes the picture it replaces', async () => {
    const first = (await (await upload(await picture('png'), 'image/png')).json()).photoURL as string;
    const second = (await (await upload(await picture('jpeg'), 'image/jpeg')).json()).photoURL as string;
    expect(second).not.toBe(first);
    expect((await t.api(first)).status).toBe(404);
    const rows = await t.app.db.select({ id: image.id }).from(image).where(eq(image.uploadedBy, who.id));
    expect(rows.map((r) => `/api/images/${r.id}`)).toEqual([second]);
  });
});
