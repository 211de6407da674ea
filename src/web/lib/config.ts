import { defaultPicturePath } from '../../shared/pictures.ts';

/** The web app's own settings. The server decides everything else (limits, amounts) and says so in its replies. */
export const webConfig = {
  apiBase: '/api',
  /** Events per page on /events; the server allows up to 100. */
  eventsPerPage: 24,
  /** Spec section 9: the home page shows 6 events. */
  homeEventCount: 6,
  homeReviewCount: 6,
  searchDebounceMs: 250,
  defaultAvatar: defaultPicturePath,
  /** The product's own logo, shown until the organisation sets its own (its name and the rest come from GET /api/site). */
  logo: '/images/logo.svg',
} as const;
