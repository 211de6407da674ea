import { z } from 'zod';
import { requiredText } from './text.ts';
import { pagingSchema, searchTextSchema, sortSchema } from './paging.ts';

/**
 * An event's date is a calendar day, optionally with a local wall-clock time:
 * `2026-12-05` or `2026-12-05T14:30`. Events happen where the charity is, so no time zone.
 */
export const eventDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, 'Use a date like 2026-12-05, optionally with a time like 2026-12-05T14:30')
  .refine((value) => {
    const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
    const day = new Date(Date.UTC(y, m - 1, d));
    const [hh, mm] = value.length > 10 ? value.slice(11).split(':').map(Number) : [0, 0];
    return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d && (hh ?? 0) < 24 && (mm ?? 0) < 60;
  }, 'That date does not exist');

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

export const eventSortColumns = ['title', 'date'] as const;

export const eventListQuerySchema = z.object({
  q: searchTextSchema,
  sort: sortSchema(eventSortColumns),
  ...pagingSchema(24, 100),
});

export type EventListQuery = z.infer<typeof eventListQuerySchema>;

export const eventParamsSchema = z.object({ id: z.string() });

export const eventMessages = {
  /** '{title}' is replaced by the event's title. */
  added: '{title} Added Successfully',
  updated: '{title} Updated Successful',
  deleted: '{title} deleted successfully',
  notDeleted: '{title} not deleted',
} as const;

/**
 * A banner is an http(s) image address, a picture uploaded here (/api/images/…) or one of the
 * pictures the app ships (/images/…).
 */
export const bannerSchema = z
  .string({ message: 'Banner is required' })
  .trim()
  .min(1, 'Banner is required')
  .max(2000, 'Banner address must be at most 2000 characters')
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/api\/images\/[0-9a-f-]{36}$/.test(value) || /^\/images\/[\w/.-]+$/.test(value),
    'Banner must be an http(s) image address or an uploaded picture',
  );

/** POST /api/events and PUT /api/events/{id}: index and key are made up when absent. */
export const eventWriteSchema = z.object({
  // A form sends text; an empty box means "make one up".
  index: z.preprocess(
    (value) =>
      value === '' || value === null ? undefined : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value,
    z
      .number({ message: 'Event Index must be a whole number' })
      .int('Event Index must be a whole number')
      .min(0, 'Event Index must be 0 or more')
      .max(2_000_000_000, 'Event Index is too large')
      .optional(),
  ),
  key: z
    .string()
    .trim()
    .max(100, 'Event Key must be at most 100 characters')
    .optional()
    .transform((v) => v || undefined),
  title: requiredText('Title', 200),
  desc: requiredText('Description', 5000),
  banner: bannerSchema,
  date: z.string({ message: 'Date is required' }).trim().min(1, 'Date is required').pipe(eventDateSchema),
});
export type EventWrite = z.infer<typeof eventWriteSchema>;
