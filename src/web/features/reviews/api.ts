import { queryOptions } from '@tanstack/react-query';
import type { PublicReview } from '../../../shared/reviews.ts';
import { getJson } from '../../lib/api-client.ts';

/** The newest reviews first. */
export async function fetchReviews(limit: number, signal?: AbortSignal): Promise<PublicReview[]> {
  const { data } = await getJson<PublicReview[]>(`/review?limit=${limit}`, signal);
  return data;
}

export const reviewQueries = {
  all: () => ['reviews'] as const,
  latest: (limit: number) =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'latest', limit] as const,
      queryFn: ({ signal }) => fetchReviews(limit, signal),
    }),
};
