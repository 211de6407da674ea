import { and, eq, lt, or, type AnyColumn, type SQL } from 'drizzle-orm';

export interface NewestFirstCursor {
  createdAt: Date;
  id: string;
}

/** Rows that come after `cursor` in newest-first order (created_at desc, id desc): one indexed query a page. */
export function olderThan(createdAt: AnyColumn, id: AnyColumn, cursor: NewestFirstCursor | undefined): SQL | undefined {
  return cursor ? or(lt(createdAt, cursor.createdAt), and(eq(createdAt, cursor.createdAt), lt(id, cursor.id))) : undefined;
}

/** How many rows an export reads per query. */
export const EXPORT_PAGE = 1000;
