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
  useDocumentTitle(page ? (site ? `${page} · ${site.name}` : page) : home);
}
