import { count, desc } from 'drizzle-orm';
import type { Notice } from '../../../shared/notices.ts';
import type { SignedInAccount } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { notice } from '../../db/schema.ts';

function toNotice(row: typeof notice.$inferSelect): Notice {
  return { _id: row.id, email: row.email, name: row.name, img: row.img, notice: row.notice, date: row.createdAt.toISOString() };
}

export async function publishNotice(db: Database, author: SignedInAccount, text: string) {
  const [row] = await db
    .insert(notice)
    .values({ accountId: author.id, email: author.email, name: author.name, img: author.image, notice: text })
    .returning({ id: notice.id });
  if (!row) throw new Error('notice not stored');
  return row.id;
}

export async function listNotices(db: Database, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db.select().from(notice).orderBy(desc(notice.createdAt), desc(notice.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(notice),
  ]);
  return { notices: rows.map(toNotice), total: total?.value ?? 0 };
}
