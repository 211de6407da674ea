import { z } from 'zod';

export const searchTextSchema = z.string().trim().max(200, 'Search text must be at most 200 characters').optional();

export function pagingSchema(defaultLimit: number, maxLimit: number) {
  return {
    limit: z.coerce
      .number({ message: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(maxLimit, `limit must be at most ${maxLimit}`)
      .default(defaultLimit),
    offset: z.coerce
      .number({ message: 'offset must be a whole number' })
      .int('offset must be a whole number')
      .min(0, 'offset must be 0 or more')
      .max(1_000_000, 'offset must be at most 1000000')
      .default(0),
  };
}

/** `?sort=title` (ascending) or `?sort=-title` (descending), from the columns a list allows. */
export function sortSchema<const Column extends string>(columns: readonly Column[]) {
  const values = columns.flatMap((c) => [c, `-${c}`] as const) as [Column | `-${Column}`, ...(Column | `-${Column}`)[]];
  return z.enum(values, { message: `sort must be one of ${columns.join(', ')} (prefix with - for descending)` }).optional();
}

export function parseSort<Column extends string>(sort: Column | `-${Column}` | undefined) {
  if (!sort) return undefined;
  return sort.startsWith('-') ? { column: sort.slice(1) as Column, descending: true } : { column: sort as Column, descending: false };
}

export const listCursorMessage = 'cursor is not one this list gave: pass the X-Next-Cursor of the page before, with the same sort';

/**
 * `?cursor=`: the page after the row a previous page ended with (its `X-Next-Cursor` header), read
 * straight from the sort's index however deep; `offset` still works, and is counted from the cursor.
 */
export const cursorSchema = z.string().max(1000, listCursorMessage).optional();
