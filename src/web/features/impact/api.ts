import { queryOptions } from '@tanstack/react-query';
// Types only: the page shows figures and needs none of the schemas' code.
import type { Impact } from '../../../shared/checkin.ts';
import { getJson } from '../../lib/api-client.ts';
import { webConfig } from '../../lib/config.ts';
import { accountScope } from '../../lib/current-account.ts';

/** A person's events attended, hours and donations (the signed-in one: the server answers 403 for anyone else's). */
export async function fetchImpact(email: string, signal?: AbortSignal): Promise<Impact> {
  const { data } = await getJson<Impact>(`/impact/${encodeURIComponent(email)}`, signal);
  return data;
}

/** The certificate of volunteering as a PDF download (the browser fetches it with the session cookie). */
export const certificateUrl = (email: string) => `${webConfig.apiBase}/impact/${encodeURIComponent(email)}/certificate.pdf`;

export const impactQueries = {
  /** Under the account's scope: signing out forgets it. */
  of: (email: string) =>
    queryOptions({
      queryKey: [...accountScope, 'impact', email] as const,
      queryFn: ({ signal }) => fetchImpact(email, signal),
    }),
};
