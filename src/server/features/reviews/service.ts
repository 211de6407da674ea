import { count, desc, eq } from 'drizzle-orm';
import type { PublicReview, Review } from '../../../shared/reviews.ts';
import type { SignedInAccount } from '../../auth/signed-in.ts';
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

function toReview(row: ReviewRow): Review {
  return { ...toPublicReview(row), email: row.email, name: row.name };
}

/** A person's reviews: their account's for themselves, all written with the email for an admin. */
export async function listReviewsOf(db: Database, owner: { accountId: string } | { email: string }): Promise<Review[]> {
  const where = 'accountId' in owner ? eq(review.accountId, owner.accountId) : eq(review.email, owner.email.toLowerCase());
  const rows = await db.select().from(review).where(where).orderBy(desc(review.createdAt), desc(review.id));
  return rows.map(toReview);
}

/** The author's name, email and picture come from their account; the date from the server. */
export async function addReview(db: Database, author: SignedInAccount, words: { message: string; review: string }) {
  const [row] = await db
    .insert(review)
    .values({ accountId: author.id, email: author.email, name: author.name, img: author.image, ...words })
    .returning({ id: review.id });
  if (!row) throw new Error('review not stored');
  return row.id;
}
