import { z } from 'zod';
import { pagingSchema } from './paging.ts';

/** A review as anyone may read it: the reviewer's email stays private. */
export const publicReviewSchema = z.object({
  _id: z.string(),
  message: z.string(),
  review: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  date: z.string(),
});

export type PublicReview = z.infer<typeof publicReviewSchema>;

export const reviewListQuerySchema = z.object({ ...pagingSchema(6, 50) });
