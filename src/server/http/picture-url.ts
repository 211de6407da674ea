import { defaultPicturePath } from '../../shared/pictures.ts';

/**
 * A person's picture as an absolute URL, for records that carry one (`img` of reviews and notices):
 * the default picture when they have none, and the app's own pictures (/api/images/…, /images/…)
 * under its public address, so a client on another origin can load it and never meets null.
 */
export function pictureUrl(img: string | null, publicUrl: string): string {
  const picture = img?.trim() || defaultPicturePath;
  return picture.startsWith('/') ? `${publicUrl}${picture}` : picture;
}
