import { count, desc } from 'drizzle-orm';
import type { PublicReview } from '../../../shared/reviews.ts';
import type { Database } from '../../db/client.ts';
import { review } from '../../db/schema.ts';

type ReviewRow = typeof review.$inferSelect;

export function toPublicReview(row: ReviewRow): PublicReview {
  return {
    _id: row.id,
    message: row.message,
    review: row.review,
    img: row.img,
    date: row.createdAt.toISOString(),
  };
}

export async function listReviews(db: Database, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db.select().from(review).orderBy(desc(review.createdAt), desc(review.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(review),
  ]);
  return { reviews: rows.map(toPublicReview), total: total?.value ?? 0 };
}
