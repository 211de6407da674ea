import { queryOptions } from '@tanstack/react-query';
import type { CalendarFeed } from '../../../shared/calendar.ts';
import { getJson, sendJson } from '../../lib/api-client.ts';
import { accountScope } from '../../lib/current-account.ts';

/** The signed-in person's feed address (the server makes it on first ask). */
export const calendarFeedQuery = queryOptions({
  queryKey: [...accountScope, 'calendar-feed'] as const,
  queryFn: async ({ signal }) => (await getJson<CalendarFeed>('/users/me/calendar', signal)).data,
});

/** 'Make a new link': the old address stops working. */
export async function makeNewCalendarLink(): Promise<CalendarFeed> {
  return (await sendJson<CalendarFeed>('POST', '/users/me/calendar', {})).data;
}
