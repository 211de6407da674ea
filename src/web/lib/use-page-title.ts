import { useDocumentTitle } from '@mantine/hooks';
import { useSite } from './site.ts';

/**
 * Sets the tab title to 'Events · Riverside Food Share' (the organisation's name from its settings);
 * with no page name, the home page's: the name and its tagline. While the settings load, the page
 * name alone, so a renamed organisation never flashes the product's name.
 */
export function usePageTitle(page?: string) {
  const site = useSite();
  const home = site ? [site.name, site.tagline].filter(Boolean).join(' · ') : '';
  const title = page ? (site ? `${page} · ${site.name}` : page) : home;
  // Drawn on the server, the page's title goes into its HTML (entry-server.tsx reads it right after the
  // draw, which runs in one go): the tab and search engines have it before any script runs.
  if (typeof document === 'undefined') drawnTitle.current = title;
  useDocumentTitle(title);
}

/** The title the page being drawn on the server asked for ('' when none did). */
export const drawnTitle = { current: '' };
