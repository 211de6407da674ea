import { eq } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import type { Database } from '../../db/client.ts';
import { image } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { DecodePool } from './decode-pool.ts';

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
/**
 * Refuses pictures that would take too much memory and CPU to decode (a small file can claim a huge
 * size): 25 megapixels holds a 24-megapixel camera's pictures and every phone's default size.
 */
export const MAX_INPUT_PIXELS = 25_000_000;
export const IMAGE_URL_PREFIX = '/api/images/';

const notAnImage = () => new AppError('invalid_input', 'Upload a PNG, JPEG or WebP image', { image: 'Upload a PNG, JPEG or WebP image' });

/**
 * Checks a picture by its content (not its name or declared type), re-encodes it as WebP within
 * `maxSide` pixels (dropping every piece of metadata, such as location), and stores it.
 */
export async function storeImage(db: Database, pool: DecodePool, input: unknown, uploadedBy: string | null, maxSide: number) {
  if (!Buffer.isBuffer(input) || input.length === 0) {
    throw new AppError('invalid_input', 'Send the picture as the request body', { image: 'Choose a picture' });
  }
  // The header alone first (cheap): the format, and the size the picture says it has.
  let metadata: { format?: string; width?: number; height?: number };
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw notAnImage();
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > MAX_INPUT_PIXELS) {
    const message = `This picture is ${metadata.width} × ${metadata.height} pixels (${Math.round(pixels / 1_000_000)} megapixels); pictures may have at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Make it smaller and try again.`;
    throw new AppError('payload_too_large', message, { image: message });
  }
  const output = await pool.run(async (): Promise<{ data: Buffer; info: OutputInfo }> => {
    try {
      return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw notAnImage();
    }
  });
  const [row] = await db
    .insert(image)
    .values({ contentType: 'image/webp', bytes: output.data, width: output.info.width, height: output.info.height, uploadedBy })
    .returning({ id: image.id });
  if (!row) throw new Error('image not stored');
  return { id: row.id, url: `${IMAGE_URL_PREFIX}${row.id}` };
}

export async function findImage(db: Database, id: string) {
  const [row] = await db.select({ contentType: image.contentType, bytes: image.bytes }).from(image).where(eq(image.id, id));
  return row;
}

/** Removes a stored picture named by its URL; URLs of pictures elsewhere are left alone. */
export async function deleteImageByUrl(db: Database, url: string | null) {
  const id = url?.startsWith(IMAGE_URL_PREFIX) ? url.slice(IMAGE_URL_PREFIX.length) : undefined;
  if (id && /^[0-9a-f-]{36}$/i.test(id)) await db.delete(image).where(eq(image.id, id));
}
