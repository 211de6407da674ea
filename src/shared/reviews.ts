import { z } from 'zod';
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
