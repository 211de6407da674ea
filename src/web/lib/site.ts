import { queryOptions, useQuery } from '@tanstack/react-query';
// Types only: the header and footer are on every page, and the home page must not download zod.
import type { Site } from '../../shared/site.ts';
import { getJson } from './api-client.ts';

/** The organisation's settings (GET /api/site) and how this installation signs people in. */
export async function fetchSite(signal?: AbortSignal): Promise<Site> {
  const { data } = await getJson<Site>('/site', signal);
  return data;
}

/**
 * One query for every reader (header, footer, page titles, policies, the settings form). Saving the
 * settings puts the server's answer in it, so this tab shows the change at once; other open tabs
 * see it within a few minutes, new page loads at once.
 */
export const siteQuery = queryOptions({
  queryKey: ['site'] as const,
  queryFn: ({ signal }) => fetchSite(signal),
  staleTime: 5 * 60_000,
});

/** The settings, or undefined while they load (or if they could not be). */
export function useSite(): Site | undefined {
  return useQuery(siteQuery).data;
}
