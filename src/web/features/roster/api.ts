import { queryOptions } from '@tanstack/react-query';
import type { Roster } from '../../../shared/roster.ts';
import { getJson } from '../../lib/api-client.ts';
import { accountScope } from '../../lib/current-account.ts';
import { webConfig } from '../../lib/config.ts';

/** Admins only: the server answers 403 to anyone else, 404 for an unknown event. */
export async function fetchRoster(eventId: string, signal?: AbortSignal): Promise<Roster> {
  const { data } = await getJson<Roster>(`/events/${encodeURIComponent(eventId)}/roster`, signal);
  return data;
}

/** The roster as a CSV download (the browser fetches it with the session cookie). */
export const rosterCsvUrl = (eventId: string) => `${webConfig.apiBase}/events/${encodeURIComponent(eventId)}/roster.csv`;

export const rosterQueries = {
  of: (eventId: string) =>
    queryOptions({
      queryKey: [...accountScope, 'roster', eventId] as const,
      queryFn: ({ signal }) => fetchRoster(eventId, signal),
      staleTime: 0,
    }),
};
