import { z } from 'zod';
import { cursorSchema, pagingSchema, searchTextSchema } from './paging.ts';

export const outboxStatuses = ['queued', 'sending', 'sent', 'failed', 'logged'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/** A message in the outbox, as the admin's outbox page lists it (without its body). */
export const outboxMessageSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(outboxStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxListQuerySchema = z.object({
  q: searchTextSchema,
  status: z.enum(outboxStatuses, { message: `status must be one of ${outboxStatuses.join(', ')}` }).optional(),
  cursor: cursorSchema,
  ...pagingSchema(25, 100),
});
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

export const outboxIdParamsSchema = z.object({ id: z.uuid({ message: 'Not a message id' }) });
