import { eq } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import type { Database } from '../../db/client.ts';
import { image } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
/** Refuses pictures that would take too much memory to decode (a small file can claim a huge size). */
const MAX_INPUT_PIXELS = 40_000_000;
export const IMAGE_URL_PREFIX = '/api/images/';

const notAnImage = () => new AppError('invalid_input', 'Upload a PNG, JPEG or WebP image', { image: 'Upload a PNG, JPEG or WebP image' });

/**
 * Checks a picture by its content (not its name or declared type), re-encodes it as WebP within
 * `maxSide` pixels (dropping every piece of metadata, such as location), and stores it.
 */
export async function storeImage(db: Database, input: unknown, uploadedBy: string | null, maxSide: number) {
  if (!Buffer.isBuffer(input) || input.length === 0) {
    throw new AppError('invalid_input', 'Send the picture as the request body', { image: 'Choose a picture' });
  }
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw notAnImage();
  }
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
