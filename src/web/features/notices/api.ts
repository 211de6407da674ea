import { queryOptions } from '@tanstack/react-query';
import { totalCountHeader } from '../../../shared/http.ts';
import type { Notice } from '../../../shared/notices.ts';
import { deleteJson, getJson, sendJson } from '../../lib/api-client.ts';
import { accountScope } from '../../lib/current-account.ts';

export interface NoticePage {
  /** Newest first. */
  notices: Notice[];
  /** How many notices there are in all, from X-Total-Count. */
  total: number;
}

/** Volunteers and admins only; the server answers 403 to anyone else. */
export async function fetchNotices(signal?: AbortSignal): Promise<NoticePage> {
  const { data, headers } = await getJson<Notice[]>('/notices', signal);
  const total = Number(headers.get(totalCountHeader));
  // Without the header the page still counts what it has.
  return { notices: data, total: headers.has(totalCountHeader) && Number.isInteger(total) ? total : data.length };
}

/** Admins only; the author and time come from the server. */
export async function publishNotice(notice: string): Promise<string> {
  const { data } = await sendJson<{ insertedId: string }>('POST', '/notices', { notice });
  return data.insertedId;
}

/** Admins only: a correction of the text; the author and date stay. */
export async function editNotice(id: string, notice: string): Promise<Notice> {
  const { data } = await sendJson<Notice>('PUT', `/notices/${encodeURIComponent(id)}`, { notice });
  return data;
}

/** Admins only. */
export async function deleteNotice(id: string): Promise<number> {
  const { data } = await deleteJson<{ deletedCount: number }>(`/notices/${encodeURIComponent(id)}`);
  return data.deletedCount;
}

export const noticeQueries = {
  /** Under the account's scope: what a person may read depends on who is signed in. */
  list: () =>
    queryOptions({
      queryKey: [...accountScope, 'notices'] as const,
      queryFn: ({ signal }) => fetchNotices(signal),
    }),
};
