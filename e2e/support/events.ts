import { demoEvents } from '../../src/server/db/demo-content.ts';
import type { Event } from '../../src/shared/events.ts';
import { apiCall } from './accounts.ts';

/**
 * The demo events the e2e server was seeded with, as the server lists them now. Events other
 * journeys add (and later delete) are left out by title, so these are always the seeded ones.
 */
async function listedDemoEvents(): Promise<Event[]> {
  const res = await apiCall(null, 'GET', '/events?limit=100');
  if (res.status !== 200) throw new Error(`listing events failed: ${res.status} ${await res.text()}`);
  const seeded = new Set(demoEvents.map((demo) => demo.title));
  return ((await res.json()) as Event[]).filter((event) => seeded.has(event.title));
}

/** The calendar day `offset` days from today on this machine's clock, as YYYY-MM-DD. */
function localDay(offset: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

function atLeast(events: Event[], count: number, what: string): Event[] {
  if (events.length < count) throw new Error(`the demo content has ${events.length} ${what} events; this journey needs ${count}`);
  return events;
}

/**
 * Demo events still to come, soonest first: only those after tomorrow, so that whatever day the
 * server's clock (the database's current_date) and the browser's clock call today, they agree
 * these have not taken place.
 */
export async function upcomingDemoEvents(count = 1): Promise<Event[]> {
  const tomorrow = localDay(1);
  return atLeast(
    (await listedDemoEvents()).filter((event) => event.date.slice(0, 10) > tomorrow),
    count,
    'upcoming',
  );
}

/** Demo events already over, most recent first: only those before yesterday, for the same reason. */
export async function pastDemoEvents(count = 1): Promise<Event[]> {
  const yesterday = localDay(-1);
  return atLeast(
    (await listedDemoEvents()).filter((event) => event.date.slice(0, 10) < yesterday),
    count,
    'past',
  );
}
