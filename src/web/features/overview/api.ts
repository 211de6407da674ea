import { queryOptions } from '@tanstack/react-query';
import type { Overview } from '../../../shared/overview.ts';
import { getJson } from '../../lib/api-client.ts';
import { accountScope } from '../../lib/current-account.ts';

/** Admins only: the server answers 403 to anyone else. */
export async function fetchOverview(signal?: AbortSignal): Promise<Overview> {
  const { data } = await getJson<Overview>('/overview', signal);
  return data;
}

export const overviewQueries = {
  /** Under the account's scope; counted afresh each time the dashboard is opened. */
  current: () =>
    queryOptions({
      queryKey: [...accountScope, 'overview'] as const,
      queryFn: ({ signal }) => fetchOverview(signal),
      staleTime: 0,
    }),
};
