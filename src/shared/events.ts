import { z } from 'zod';
import { pagingSchema, searchTextSchema } from './paging.ts';

/**
 * An event's date is a calendar day, optionally with a local wall-clock time:
 * `2026-12-05` or `2026-12-05T14:30`. Events happen where the charity is, so no time zone.
 */
export const eventDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, 'Use a date like 2026-12-05, optionally with a time like 2026-12-05T14:30');

export const eventIdSchema = z.uuid({ message: 'Event id is not valid' });

export const eventSchema = z.object({
  _id: z.string(),
  index: z.number().int(),
  key: z.string(),
  title: z.string(),
  desc: z.string(),
  banner: z.string(),
  date: eventDateSchema,
});

export type Event = z.infer<typeof eventSchema>;

export const eventListQuerySchema = z.object({
  q: searchTextSchema,
  ...pagingSchema(24, 100),
});

export type EventListQuery = z.infer<typeof eventListQuerySchema>;

export const eventParamsSchema = z.object({ id: z.string() });
