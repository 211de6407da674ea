import { z } from 'zod';
import { cursorSchema, pagingSchema, searchTextSchema } from './paging.ts';
import { requiredText } from './text.ts';

/**
 * A review as anyone may read it: the reviewer's email and name stay private (the home page shows
 * neither). `img` is the reviewer's picture, an absolute URL: the default picture's when they have
 * none, so clients never get null. `date` is when it was written, an ISO 8601 instant.
 */
export const publicReviewSchema = z.object({
  _id: z.string(),
  message: z.string(),
  review: z.string(),
  img: z.string(),
  date: z.iso.datetime(),
});

export type PublicReview = z.infer<typeof publicReviewSchema>;

export const reviewListQuerySchema = z.object({ cursor: cursorSchema, ...pagingSchema(6, 50) });

/**
 * A review reaches the public pages only once an admin approves it (DECISIONS 4.6): a new one is
 * `pending`; `hidden` takes it off them again.
 */
export const reviewStatuses = ['pending', 'approved', 'hidden'] as const;
export const reviewStatusSchema = z.enum(reviewStatuses, { message: `status must be one of ${reviewStatuses.join(', ')}` });
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/** A review as its author (or an admin) sees it, with where it stands. */
export const reviewSchema = publicReviewSchema.extend({ email: z.string(), name: z.string(), status: reviewStatusSchema });
export type Review = z.infer<typeof reviewSchema>;

/** POST /api/review: the words only; who wrote it and when come from the server. */
export const reviewCreateSchema = z.object({
  message: requiredText('Message', 200),
  review: requiredText('Review', 2000),
});

/** GET /api/reviews (admins): the reviews in one state, newest first, searched by words, name or email. */
export const reviewModerationQuerySchema = z.object({
  status: reviewStatusSchema.default('pending'),
  q: searchTextSchema,
  cursor: cursorSchema,
  ...pagingSchema(25, 100),
});
export type ReviewModerationQuery = z.infer<typeof reviewModerationQuerySchema>;

/** PATCH /api/review/{id} (admins): approve it for the public pages, or hide it from them. */
export const reviewModerationSchema = z.object({
  status: z.enum(['approved', 'hidden'], { message: 'status must be approved or hidden' }),
});
