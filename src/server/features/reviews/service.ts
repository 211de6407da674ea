import { and, desc, eq, getTableColumns, or, type SQL } from 'drizzle-orm';
import type { PublicReview, Review, ReviewModerationQuery, ReviewStatus } from '../../../shared/reviews.ts';
import type { SignedInAccount } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { after, cursorFrom, cursorKey, newestFirst as newestFirstKeys, nextCursor, orderOf } from '../../db/cursor.ts';
import { review } from '../../db/schema.ts';
import { contains, inIndexOrder } from '../../db/search.ts';
import { listTotal, totalOf } from '../../db/totals.ts';
import { pictureUrl } from '../../http/picture-url.ts';

type ReviewRow = typeof review.$inferSelect;

/** `publicUrl` makes the reviewer's picture an absolute URL (the default picture's when there is none). */
export function toPublicReview(row: ReviewRow, publicUrl: string): PublicReview {
  return {
    _id: row.id,
    message: row.message,
    review: row.review,
    img: pictureUrl(row.img, publicUrl),
    date: row.createdAt.toISOString(),
  };
}

function toReview(row: ReviewRow, publicUrl: string): Review {
  return { ...toPublicReview(row, publicUrl), email: row.email, name: row.name, status: row.status };
}

const newestFirst = [desc(review.createdAt), desc(review.id)];
const pageKeys = newestFirstKeys(review.createdAt, review.id);

/** The public list: approved reviews only (DECISIONS 4.6), newest first. */
export async function listReviews(db: Database, publicUrl: string, page: { limit: number; offset: number; cursor?: string }) {
  const approved = eq(review.status, 'approved');
  const from = cursorFrom(page.cursor, pageKeys);
  const [rows, total] = await Promise.all([
    db
      .select({ ...getTableColumns(review), cursorKey: cursorKey(pageKeys) })
      .from(review)
      .where(and(approved, from && after(pageKeys, from)))
      .orderBy(...orderOf(pageKeys))
      .limit(page.limit)
      .offset(page.offset),
    totalOf(db, 'review:approved'),
  ]);
  return {
    reviews: rows.map((row) => toPublicReview(row, publicUrl)),
    total: total.rows,
    next: nextCursor(rows, page.limit),
  };
}

/** A person's reviews, whatever their state: their account's for themselves, all written with the email for an admin. */
export async function listReviewsOf(db: Database, publicUrl: string, owner: { accountId: string } | { email: string }): Promise<Review[]> {
  const where = 'accountId' in owner ? eq(review.accountId, owner.accountId) : eq(review.email, owner.email.toLowerCase());
  const rows = await db
    .select()
    .from(review)
    .where(where)
    .orderBy(...newestFirst);
  return rows.map((row) => toReview(row, publicUrl));
}

/** The author's name, email and picture come from their account; the date from the server. It waits for an admin's approval. */
export async function addReview(db: Database, author: SignedInAccount, words: { message: string; review: string }) {
  const [row] = await db
    .insert(review)
    .values({ accountId: author.id, email: author.email, name: author.name, img: author.image, status: 'pending', ...words })
    .returning({ id: review.id });
  if (!row) throw new Error('review not stored');
  return row.id;
}

/** The admins' moderation list: the reviews in one state, newest first, searched by words, name or email. */
export async function listForModeration(db: Database, publicUrl: string, query: ReviewModerationQuery) {
  const q = query.q;
  const where: SQL | undefined = and(
    eq(review.status, query.status),
    q ? or(contains(review.message, q), contains(review.review, q), contains(review.name, q), contains(review.email, q)) : undefined,
  );
  const from = cursorFrom(query.cursor, pageKeys);
  const page = (db: Database) =>
    db
      .select({ ...getTableColumns(review), cursorKey: cursorKey(pageKeys) })
      .from(review)
      .where(and(where, from && after(pageKeys, from)))
      .orderBy(...orderOf(pageKeys))
      .limit(query.limit)
      .offset(query.offset);
  const [rows, total] = await Promise.all([
    // A search finds its rows through the trigram indexes (bitmaps); a state alone, by walking its index.
    q ? page(db) : inIndexOrder(db, page),
    // Unsearched, the total the triggers keep for the state asked for.
    listTotal(db, review, q ? where : undefined, `review:${query.status}`),
  ]);
  return { reviews: rows.map((row) => toReview(row, publicUrl)), total, next: nextCursor(rows, query.limit) };
}

/** Approves or hides a review; the review as it now stands, or undefined when no review has the id. */
export async function setReviewStatus(db: Database, publicUrl: string, id: string, status: Exclude<ReviewStatus, 'pending'>) {
  const [row] = await db.update(review).set({ status }).where(eq(review.id, id)).returning();
  return row && toReview(row, publicUrl);
}

export async function deleteReview(db: Database, id: string): Promise<number> {
  const rows = await db.delete(review).where(eq(review.id, id)).returning({ id: review.id });
  return rows.length;
}
