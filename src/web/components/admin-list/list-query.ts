import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { totalCountHeader } from '../../../shared/http.ts';
import { getJson } from '../../lib/api-client.ts';

export interface ListRequest {
  q: string;
  sort: string | undefined;
  limit: number;
  offset: number;
}

export interface ListPage<Row> {
  rows: Row[];
  /** How many rows match the search, from X-Total-Count. */
  total: number;
  /** The search these rows answer, so a heading shown over them says the right thing. */
  q: string;
  /** The reply's headers, for lists that say more (X-Total-Amount). */
  headers: Headers;
}

/** One page of an admin list: `GET {path}?q=&sort=&limit=&offset=` (DECISIONS 3.7). */
export async function fetchListPage<Row>(path: string, request: ListRequest, signal?: AbortSignal): Promise<ListPage<Row>> {
  const search = new URLSearchParams({ limit: String(request.limit), offset: String(request.offset) });
  if (request.q) search.set('q', request.q);
  if (request.sort) search.set('sort', request.sort);
  const { data, headers } = await getJson<Row[]>(`${path}${path.includes('?') ? '&' : '?'}${search}`, signal);
  const total = Number(headers.get(totalCountHeader) ?? Number.NaN);
  return { rows: data, total: Number.isInteger(total) ? total : request.offset + data.length, q: request.q, headers };
}

/**
 * Admin lists live under one key, so a change anywhere (a role, a deleted account) refreshes every
 * admin table that may show it.
 */
export const adminListKey = ['admin-list'] as const;

export function adminListQuery<Row>(path: string, request: ListRequest) {
  return queryOptions({
    queryKey: [...adminListKey, path, request] as const,
    queryFn: ({ signal }) => fetchListPage<Row>(path, request, signal),
    // Paging, sorting and searching keep the previous rows on screen (dimmed) instead of flashing.
    placeholderData: keepPreviousData,
  });
}
