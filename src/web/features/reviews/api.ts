import { queryOptions } from '@tanstack/react-query';
// Types only: the home page loads this module and must not download zod.
import type { PublicReview, Review } from '../../../shared/reviews.ts';
import { deleteJson, getJson, sendJson } from '../../lib/api-client.ts';
import { accountScope } from '../../lib/current-account.ts';

/** The newest reviews first. */
export async function fetchReviews(limit: number, signal?: AbortSignal): Promise<PublicReview[]> {
  const { data } = await getJson<PublicReview[]>(`/review?limit=${limit}`, signal);
  return data;
}

/** One person's reviews (the signed-in one: the server answers 403 for anyone else's). */
export async function fetchReviewsOf(email: string, signal?: AbortSignal): Promise<Review[]> {
  const { data } = await getJson<Review[]>(`/review/${encodeURIComponent(email)}`, signal);
  return data;
}

/** Who wrote it and when come from the server. */
export async function addReview(body: { message: string; review: string }): Promise<string> {
  const { data } = await sendJson<{ insertedId: string }>('POST', '/review', body);
  return data.insertedId;
}

/** Admins: approve a review for the public pages, or hide it from them. */
export async function moderateReview(id: string, status: 'approved' | 'hidden'): Promise<Review> {
  const { data } = await sendJson<Review>('PATCH', `/review/${encodeURIComponent(id)}`, { status });
  return data;
}

/** Admins only. */
export async function deleteReview(id: string): Promise<number> {
  const { data } = await deleteJson<{ deletedCount: number }>(`/review/${encodeURIComponent(id)}`);
  return data.deletedCount;
}

/** The admins' moderation list for one state, as the admin lists page it (`GET /reviews?status=`). */
export const moderationPath = (status: Review['status']) => `/reviews?status=${status}`;

export const reviewQueries = {
  all: () => ['reviews'] as const,
  latest: (limit: number) =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'latest', limit] as const,
      queryFn: ({ signal }) => fetchReviews(limit, signal),
    }),
  /** Under the account's scope: signing out forgets them. */
  mine: (email: string) =>
    queryOptions({
      queryKey: [...accountScope, 'reviews', email] as const,
      queryFn: ({ signal }) => fetchReviewsOf(email, signal),
    }),
};
