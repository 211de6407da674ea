import { webConfig } from '../../lib/config.ts';

/** Spec section 3: no picture, or one whose value ends in '-c', shows the default picture. */
export function reviewPicture(img: string | null | undefined): string {
  if (!img || img.endsWith('-c')) return webConfig.defaultAvatar;
  return img;
}
