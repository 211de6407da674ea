import { and, eq, getTableColumns, inArray, ne } from 'drizzle-orm';
import type { Notice } from '../../../shared/notices.ts';
import type { SignedInAccount } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { after, cursorFrom, cursorKey, newestFirst, nextCursor, orderOf } from '../../db/cursor.ts';
import { account, notice } from '../../db/schema.ts';
import { totalOf } from '../../db/totals.ts';
import { pictureUrl } from '../../http/picture-url.ts';
import { enqueueMail } from '../../mail/registry.ts';

/** `publicUrl` makes the author's picture an absolute URL (the default picture's when there is none). */
function toNotice(row: typeof notice.$inferSelect, publicUrl: string): Notice {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    img: pictureUrl(row.img, publicUrl),
    notice: row.notice,
    date: row.createdAt.toISOString(),
  };
}

/**
 * Publishes a notice and, in the same transaction, queues it by email for every volunteer and admin
 * (those who read notices) who asked for notices by email, but not its author. `notice:<id>:<account>`
 * keys each message. Returns the notice's id and how many messages were queued.
 */
export async function publishNotice(db: Database, author: SignedInAccount, text: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notice)
      .values({ accountId: author.id, email: author.email, name: author.name, img: author.image, notice: text })
      .returning({ id: notice.id });
    if (!row) throw new Error('notice not stored');
    const readers = await tx
      .select({ id: account.id, email: account.email, name: account.name })
      .from(account)
      .where(and(inArray(account.role, ['volunteer', 'admin']), eq(account.emailNotices, true), ne(account.id, author.id)));
    for (const reader of readers) {
      await enqueueMail(tx, 'notice', {
        noticeId: row.id,
        accountId: reader.id,
        to: reader.email,
        name: reader.name,
        author: author.name,
        notice: text,
      });
    }
    return { id: row.id, mailed: readers.length };
  });
}

export async function listNotices(db: Database, publicUrl: string, page: { limit: number; offset: number; cursor?: string }) {
  const keys = newestFirst(notice.createdAt, notice.id);
  const from = cursorFrom(page.cursor, keys);
  const [rows, total] = await Promise.all([
    db
      .select({ ...getTableColumns(notice), cursorKey: cursorKey(keys) })
      .from(notice)
      .where(from && after(keys, from))
      .orderBy(...orderOf(keys))
      .limit(page.limit)
      .offset(page.offset),
    totalOf(db, 'notice'),
  ]);
  return { notices: rows.map((row) => toNotice(row, publicUrl)), total: total.rows, next: nextCursor(rows, page.limit) };
}

/**
 * An admin's correction: the text changes, the author and date stay (the notice is not sent by
 * email again). The notice as it now reads, or undefined when no notice has the id.
 */
export async function editNotice(db: Database, publicUrl: string, id: string, text: string) {
  const [row] = await db.update(notice).set({ notice: text }).where(eq(notice.id, id)).returning();
  return row && toNotice(row, publicUrl);
}

export async function deleteNotice(db: Database, id: string): Promise<number> {
  const rows = await db.delete(notice).where(eq(notice.id, id)).returning({ id: notice.id });
  return rows.length;
}
