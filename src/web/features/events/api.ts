import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Event } from '../../../shared/events.ts';
import { totalCountHeader } from '../../../shared/http.ts';
import { getJson } from '../../lib/api-client.ts';

export interface EventListParams {
  q?: string;
  /** Only events still to come (or going on), or only those that have ended; both when absent. */
  when?: 'upcoming' | 'past';
  limit: number;
  offset: number;
}

export interface EventPage {
  events: Event[];
  /** How many events match the search, from X-Total-Count. */
  total: number;
  /** The search these events answer ('' for none), so a heading shown over them says the right thing. */
  q: string;
  /** Which events these are (upcoming, past, or both when absent). */
  when?: 'upcoming' | 'past';
}

export async function fetchEvents(params: EventListParams, signal?: AbortSignal): Promise<EventPage> {
  const search = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
  if (params.q) search.set('q', params.q);
  if (params.when) search.set('when', params.when);
  const { data, headers } = await getJson<Event[]>(`/events?${search}`, signal);
  const header = headers.get(totalCountHeader);
  const total = header === null ? Number.NaN : Number(header);
  // Without the header the page still shows what it has; the count is then only a lower bound.
  return { events: data, total: Number.isInteger(total) ? total : params.offset + data.length, q: params.q ?? '', when: params.when };
}

export async function fetchEvent(id: string, signal?: AbortSignal): Promise<Event> {
  const { data } = await getJson<Event>(`/events/${encodeURIComponent(id)}`, signal);
  return data;
}

export const eventQueries = {
  all: () => ['events'] as const,
  list: (params: EventListParams) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'list', params] as const,
      queryFn: ({ signal }) => fetchEvents(params, signal),
      // Paging and searching keep the previous results on screen instead of flashing skeletons.
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => fetchEvent(id, signal),
    }),
};
