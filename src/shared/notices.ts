import { z } from 'zod';
import { cursorSchema, pagingSchema } from './paging.ts';

/**
 * A notice from the admins to volunteers; `img` is its author's picture, an absolute URL (the default
 * picture's when they have none); `date` is when it was published (ISO 8601 instant).
 */
export const noticeSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  img: z.string(),
  notice: z.string(),
  date: z.iso.datetime(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** POST /api/notices and PUT /api/notices/{id}: the text only; the author and time come from the server. */
export const noticeCreateSchema = z.object({
  notice: z
    .string({ message: 'Notice is required' })
    .trim()
    .min(1, 'Notice is required')
    .max(2000, 'Notice must be at most 2000 characters'),
});

export const noticeListQuerySchema = z.object({ cursor: cursorSchema, ...pagingSchema(50, 100) });
