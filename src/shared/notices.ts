import { z } from 'zod';
import { pagingSchema } from './paging.ts';

export const noticeMessages = { published: 'Notice published Successfully' } as const;

/** A notice from the admins to volunteers; `date` is when it was published (ISO 8601 instant). */
export const noticeSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  notice: z.string(),
  date: z.iso.datetime(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeCreateSchema = z.object({
  notice: z
    .string({ message: 'Notice is required' })
    .trim()
    .min(1, 'Notice is required')
    .max(2000, 'Notice must be at most 2000 characters'),
});

export const noticeListQuerySchema = z.object({ ...pagingSchema(50, 100) });
