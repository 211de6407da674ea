import type { QueryClient } from '@tanstack/react-query';
import type { Question } from '../../../shared/questions.ts';
import type { DemoContent, Site, SiteSettings } from '../../../shared/site.ts';
import { deleteJson, getJson, sendFile, sendJson } from '../../lib/api-client.ts';
import { siteQuery } from '../../lib/site.ts';

/** The organisation's settings, as the header, footer and policy pages read them (the site's one query). */
export const siteQueries = { site: () => siteQuery };

/**
 * PUT /api/site: the whole settings at once; the answer is what was saved. Without `questions`, the
 * organisation's questions stay as they are.
 */
export async function saveSite(settings: Omit<SiteSettings, 'questions'> & { questions?: Question[] }): Promise<Site> {
  const { data } = await sendJson<Site>('PUT', '/site', settings);
  return data;
}

/** After a save, every page of this tab shows the saved settings at once (header, footer, titles). */
export function showSavedSite(queryClient: QueryClient, saved: Site) {
  queryClient.setQueryData(siteQuery.queryKey, saved);
}

/** A logo from the admin's computer; the server checks and stores the picture and answers its address. */
export async function uploadLogo(file: File): Promise<string> {
  const { data } = await sendFile<{ url: string }>('POST', '/images', file);
  return data.url;
}

/** What is left of the demo content (admins): GET /api/site/demo-content. */
export const demoContentQuery = {
  queryKey: ['site', 'demo-content'] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) => (await getJson<DemoContent>('/site/demo-content', signal)).data,
  meta: { browserOnly: true },
};

/** Removes the demo content still there; the answer is what was removed. */
export async function removeDemoContent(): Promise<DemoContent> {
  return (await deleteJson<DemoContent>('/site/demo-content')).data;
}
