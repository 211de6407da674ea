import { asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Event, EventListQuery } from '../../../shared/events.ts';
import type { Database } from '../../db/client.ts';
import { event } from '../../db/schema.ts';
import { containsPattern } from '../../db/search.ts';

type EventRow = typeof event.$inferSelect;

export function toEvent(row: EventRow): Event {
  return {
    _id: row.id,
    index: row.index,
    key: row.key,
    title: row.title,
    desc: row.desc,
    banner: row.banner,
    date: row.time ? `${row.date}T${row.time.slice(0, 5)}` : row.date,
  };
}

/** Upcoming events first, soonest first; then past events, most recent first. */
const isPast = sql`${event.date} < current_date`;
const listOrder = [
  asc(isPast),
  asc(sql`case when ${isPast} then null else ${event.date} end`),
  desc(event.date),
  asc(event.time),
  asc(event.id),
];

export async function listEvents(db: Database, query: EventListQuery) {
  const where: SQL | undefined = query.q ? ilike(event.title, containsPattern(query.q)) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(event).where(where).orderBy(...listOrder).limit(query.limit).offset(query.offset),
    db.select({ value: count() }).from(event).where(where),
  ]);
  return { events: rows.map(toEvent), total: total?.value ?? 0 };
}

export async function findEvent(db: Database, id: string): Promise<Event | undefined> {
  const [row] = await db.select().from(event).where(eq(event.id, id)).limit(1);
  return row && toEvent(row);
}
