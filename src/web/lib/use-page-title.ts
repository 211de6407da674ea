import { useDocumentTitle } from '@mantine/hooks';
import { webConfig } from './config.ts';

/** Sets the tab title to 'Events · Helping Hands'; with no page name, just the site name. */
export function usePageTitle(page?: string) {
  useDocumentTitle(page ? `${page} · ${webConfig.siteName}` : webConfig.siteName);
}
