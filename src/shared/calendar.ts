import { z } from 'zod';

/**
 * A person's calendar feed: GET /api/calendar/{token}.ics lists their registrations. The token is the
 * only secret in the address, so it is long and random, and 'Make a new link' replaces it.
 */
export const calendarFeedSchema = z.object({
  token: z.string(),
  /** The feed's full address, to paste into a calendar program's 'subscribe'. */
  url: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarTokenParamsSchema = z.object({ token: z.string().max(200) });
