import { defaultPicturePath } from '../../shared/pictures.ts';

/** The web app's own settings. The server decides everything else (limits, amounts) and says so in its replies. */
export const webConfig = {
  siteName: 'Helping Hands',
  apiBase: '/api',
  /** Events per page on /events; the server allows up to 100. */
  eventsPerPage: 24,
  /** Spec section 9: the home page shows 6 events. */
  homeEventCount: 6,
  homeReviewCount: 6,
  searchDebounceMs: 250,
  defaultAvatar: defaultPicturePath,
  logo: '/images/logo.svg',
} as const;
