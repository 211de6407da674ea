import { z } from 'zod';
import { requiredText } from './text.ts';
import { pagingSchema } from './paging.ts';

/**
 * A review as anyone may read it: the reviewer's email and name stay private (the home page shows
 * neither). `date` is when it was written, an ISO 8601 instant.
 */
export const publicReviewSchema = z.object({
  _id: z.string(),
  message: z.string(),
  review: z.string(),
  img: z.string().nullable(),
  date: z.iso.datetime(),
});

export type PublicReview = z.infer<typeof publicReviewSchema>;

export const reviewListQuerySchema = z.object({ ...pagingSchema(6, 50) });

export const reviewMessages = { reviewed: 'Reviewed Successfully' } as const;

/** A review as its author (or an admin) sees it. */
export const reviewSchema = publicReviewSchema.extend({ email: z.string(), name: z.string() });
export type Review = z.infer<typeof reviewSchema>;

/** POST /api/review: the words only; who wrote it and when come from the server. */
export const reviewCreateSchema = z.object({
  message: requiredText('Message', 200),
  review: requiredText('Review', 2000),
});
