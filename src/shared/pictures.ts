/**
 * The picture shown for a person who has none (public/images/default-avatar.svg). The server gives
 * its address as a review's or notice's `img`, and the web app falls back to it; without zod, so the
 * home page can import it.
 */
export const defaultPicturePath = '/images/default-avatar.svg';
