import { and, asc, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  DEFAULT_BANNER,
  type Event,
  type EventFields,
  type EventListQuery,
  type EventWrite,
  eventMessages,
} from '../../../shared/events.ts';
import { eventHours, hoursOf, minutesOf } from '../../../shared/hours.ts';
import { fillMessage } from '../../../shared/messages.ts';
import { parseSort } from '../../../shared/paging.ts';
import { askedQuestions } from '../../../shared/questions.ts';
import { todayIn } from '../../../shared/time-zone.ts';
import { rowsOf } from '../../db/catalog.ts';
import type { Database } from '../../db/client.ts';
import { after, cursorKey, decodeCursor, type KeyValue, nextCursor, type SortKey } from '../../db/cursor.ts';
import { account, event, registration, rowTotal, shift } from '../../db/schema.ts';
import { contains, throughIndexes } from '../../db/search.ts';
import { totalOf } from '../../db/totals.ts';
import { AppError } from '../../errors.ts';
import { enqueueMail } from '../../mail/registry.ts';
import { eventDate, mailEvent } from '../../mail/templates/event-links.ts';
import type { SigningSite } from '../../mail/unsubscribe.ts';
import { dropQueuedCopies } from '../event-messages/service.ts';
import { writeQuestions } from '../questions/service.ts';
import { copyShifts, shiftTotals } from '../shifts/service.ts';
import { organisationQuestions } from '../site/settings.ts';
import { removeWaiver, writeWaiver } from '../waivers/service.ts';
import { fillFreedPlaces, poolCount, registeredCount, registeredCounts } from './places.ts';
import { donationProgress, type Progress, progressOf } from './progress.ts';
import { endOf, endsAfterStart, endWallClock, isPast, siteNow, whenCondition, whenConditions } from './when.ts';

type EventRow = typeof event.$inferSelect;
type ShiftTotal = { shifts: number; capacity: number; unlimited: boolean; taken: number };

/** The event's own fields, as the API and the registrations give them. */
export function toEvent(row: EventRow): EventFields {
  return {
    _id: row.id,
    index: row.index,
    key: row.key,
    title: row.title,
    desc: row.desc,
    banner: row.banner,
    date: row.time ? `${row.date}T${row.time.slice(0, 5)}` : row.date,
    location: row.location,
    end: endOf(row.endAt),
    capacity: row.capacity,
    goal: row.goalCents,
    hours: row.hoursMinutes === null ? null : hoursOf(row.hoursMinutes),
    checkinHoursBefore: hoursOf(row.checkinOpensMinutes),
  };
}

/** The hours the event credits each person who came (the admin's figure, else its start to its end). */
export const creditedHours = (row: EventRow) => eventHours(toEvent(row));

/** The event with its places (how many are taken and left) and whether it is over at `now`. */
function withPlaces(row: EventRow, registered: number, now: string, progress: Progress, shifts?: ShiftTotal): Event {
  // Staffed by shifts: the places are the shifts' (none left to say when one has no limit).
  const capacity = shifts ? (shifts.unlimited ? null : shifts.capacity) : row.capacity;
  return {
    ...toEvent(row),
    registered,
    spotsLeft: capacity === null ? null : Math.max(0, capacity - (shifts ? shifts.taken : registered)),
    shifts: shifts?.shifts ?? 0,
    questions: askedQuestions(row.questions),
    waiver: row.waiver ?? null,
    past: isPast(row, now),
    raised: progress.raised,
    donors: progress.donors,
  };
}

/** With no sort asked for, upcoming events come first, soonest first; then past events, most recent first. */
const upcomingKeys: SortKey[] = [
  { expr: event.date, type: 'date', descending: false },
  { expr: event.time, type: 'time', descending: false, nullable: true },
  { expr: event.id, type: 'uuid', descending: false },
];
const pastKeys: SortKey[] = [{ ...upcomingKeys[0], descending: true } as SortKey, ...upcomingKeys.slice(1)];
/**
 * The few events begun before today that end later are found through the end index and then put in
 * order: sorted by the date as it is, the planner walked the date index from the first event ever,
 * through the whole history, to find them. `date + 0` is the same order without the index's name.
 */
const begunEarlierKeys: SortKey[] = [{ ...upcomingKeys[0], expr: sql`${event.date} + 0` } as SortKey, ...upcomingKeys.slice(1)];
/** A cursor in the default order says which half its row is in (0 upcoming, 1 past), then the row's key. */
const halfKey: SortKey = { expr: sql`half`, type: 'integer', descending: false };

/** The order of `?sort=` as sort keys; ties go by id, ascending either way. */
function sortKeys(sort: NonNullable<EventListQuery['sort']>): SortKey[] {
  const parsed = parseSort(sort);
  const descending = parsed?.descending ?? false;
  const id: SortKey = { expr: event.id, type: 'uuid', descending: false };
  return parsed?.column === 'title'
    ? [{ expr: sql`lower(${event.title})`, type: 'text', descending }, id]
    : [{ expr: event.date, type: 'date', descending }, { expr: sql`coalesce(${event.time}, '00:00')`, type: 'time', descending }, id];
}

const orderOf = (keys: SortKey[]) => keys.map((k) => (k.descending ? desc(k.expr) : asc(k.expr)));

/**
 * A page in the default order. One ORDER BY for both halves could use no index, so sorted every
 * event for each page; instead each half reads its first offset + limit rows from the date index,
 * and only those are put in order. Upcoming events are those begun from today on that have not
 * ended, and the few begun earlier that end later (several days long); `when` keeps one half.
 * A cursor in the upcoming half starts that half after its row and takes the past half whole; one
 * in the past half leaves the upcoming half out.
 */
function upcomingThenPast(db: Database, where: SQL | undefined, query: EventListQuery, now: string, from: KeyValue[] | undefined) {
  const halves = whenConditions(now);
  const [half, ...key] = from ?? [];
  const upcomingFrom = from ? (half === 0 ? after(upcomingKeys, key) : sql`false`) : undefined;
  const pastFrom = from && half === 1 ? after(pastKeys, key) : undefined;
  const firstOf = (half: SQL<number>, which: SQL, keys: SortKey[], start: SQL | undefined) =>
    db
      .select({
        ...getTableColumns(event),
        half: half.as('half'),
        cursorKey: sql<string>`json_build_array(${half}, ${event.date}, ${event.time}, ${event.id})::text`.as('cursor_key'),
      })
      .from(event)
      .where(and(where, which, start))
      .orderBy(...orderOf(keys))
      .limit(query.offset + query.limit);
  const upcomingHalves = [
    firstOf(sql`0`, halves.upcomingBegunEarlier, begunEarlierKeys, upcomingFrom),
    firstOf(sql`0`, halves.upcomingFromToday, upcomingKeys, upcomingFrom),
  ] as const;
  const pastHalf = firstOf(sql`1`, halves.past, pastKeys, pastFrom);
  const both = (
    query.when === 'past' ? pastHalf : query.when === 'upcoming' ? unionAll(...upcomingHalves) : unionAll(...upcomingHalves, pastHalf)
  ).as('listed');
  return db
    .select()
    .from(both)
    .orderBy(
      asc(both.half),
      asc(sql`case when ${both.half} = 0 then ${both.date} end`),
      desc(sql`case when ${both.half} = 1 then ${both.date} end`),
      asc(both.time),
      asc(both.id),
    )
    .limit(query.limit)
    .offset(query.offset);
}

/**
 * A page of events with their places and whether each is over, by the site's clock. The counts are
 * read for the page's events only, through the (event_id, status, position) index.
 */
export async function listEvents(db: Database, query: EventListQuery) {
  const { now, currency } = await siteNow(db);
  const where: SQL | undefined = and(
    query.q ? contains(event.title, query.q) : undefined,
    query.when ? whenCondition(query.when, now) : undefined,
  );
  const keys = query.sort ? sortKeys(query.sort) : [halfKey, ...upcomingKeys];
  const from = query.cursor ? decodeCursor(query.cursor, keys) : undefined;
  const [rows, total] = await Promise.all([
    query.sort
      ? db
          .select({ ...getTableColumns(event), cursorKey: cursorKey(keys) })
          .from(event)
          .where(and(where, from && after(keys, from)))
          .orderBy(...orderOf(keys))
          .limit(query.limit)
          .offset(query.offset)
      : upcomingThenPast(db, query.q ? contains(event.title, query.q) : undefined, query, now, from),
    countEvents(db, query, where, now),
  ]);
  const ids = rows.map((row) => row.id);
  const [counts, progress, shifts] = await Promise.all([
    registeredCounts(db, ids),
    donationProgress(db, ids, currency),
    shiftTotals(db, ids),
  ]);
  return {
    events: rows.map((row) => withPlaces(row, counts.get(row.id) ?? 0, now, progressOf(progress, row.id), shifts.get(row.id))),
    total,
    next: nextCursor(rows, query.limit),
  };
}

/**
 * How many events the list has. Unsearched, every event is the total the triggers keep, and the past
 * ones are that less those still to come: the upcoming events (a year's calendar at most) are counted
 * through the date index, the past ones (the whole history, growing for ever) never are. A search
 * counts its matches.
 */
async function countEvents(db: Database, query: EventListQuery, where: SQL | undefined, now: string): Promise<number> {
  if (query.q) return (await db.select({ value: count() }).from(event).where(where))[0]?.value ?? 0;
  if (!query.when) return (await totalOf(db, 'event')).rows;
  // Each half of the upcoming events on its own index (an OR of the two read every event), and for
  // the past ones the total in the same statement, so that both are read at the same moment.
  const halves = whenConditions(now);
  const upcoming = sql`(select count(*) from ${event} where ${halves.upcomingFromToday})
    + (select count(*) from ${event} where ${halves.upcomingBegunEarlier})`;
  const all = sql`(select coalesce(sum(${rowTotal.rows}), 0) from ${rowTotal} where ${rowTotal.name} = 'event')`;
  // Through the indexes: with no statistics, the embedded database read every event to count a year's.
  const [found] = await throughIndexes(db, (tx) =>
    rowsOf<{ value: string }>(
      tx,
      query.when === 'upcoming' ? sql`select ${upcoming} as value` : sql`select ${all} - (${upcoming}) as value`,
    ),
  );
  return Number(found?.value ?? 0);
}

export async function findEvent(db: Database, id: string): Promise<Event | undefined> {
  const [row] = await db.select().from(event).where(eq(event.id, id)).limit(1);
  if (!row) return undefined;
  const [{ now, currency }, registered, shifts] = await Promise.all([siteNow(db), registeredCount(db, id), shiftTotals(db, [id])]);
  const progress = await donationProgress(db, [id], currency);
  return withPlaces(row, registered, now, progressOf(progress, id), shifts.get(id));
}

/**
 * The columns an event write sets. Banner, location, end and capacity left out (undefined) stay as they are,
 * so a client that does not know them cannot clear them; null or '' clears them. An end with an
 * offset is put on the site's clock, then checked against the start.
 */
function columnsFrom(input: EventWrite, timeZone: string) {
  const [date, time] = input.date.split('T');
  const end = input.end ? endWallClock(input.end, timeZone) : input.end;
  if (end && !endsAfterStart(end, input.date)) {
    throw new AppError('invalid_input', eventMessages.endNotAfterStart, { end: eventMessages.endNotAfterStart });
  }
  return {
    title: input.title,
    desc: input.desc,
    ...(input.banner === undefined ? {} : { banner: input.banner }),
    date: date ?? input.date,
    time: time ?? null,
    ...(input.location === undefined ? {} : { location: input.location }),
    ...(end === undefined ? {} : { endAt: end ? `${end.slice(0, 10)} ${end.slice(11, 16)}:00` : null }),
    ...(input.capacity === undefined ? {} : { capacity: input.capacity }),
    ...(input.goal === undefined ? {} : { goalCents: input.goal }),
    ...(input.hours === undefined ? {} : { hoursMinutes: input.hours === null ? null : minutesOf(input.hours) }),
    ...(input.checkinHoursBefore === undefined ? {} : { checkinOpensMinutes: minutesOf(input.checkinHoursBefore) }),
  };
}

/**
 * A new event; index and key are generated by the database when the admin leaves them empty. Its
 * questions are the ones sent, else the organisation's; its waiver, when sent, is version 1.
 */
export async function createEvent(db: Database, input: EventWrite, by: string | null): Promise<string> {
  const { timeZone } = await siteNow(db);
  const questions = input.questions ?? (await organisationQuestions(db));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(event)
      .values({
        banner: DEFAULT_BANNER,
        ...columnsFrom(input, timeZone),
        questions,
        ...(input.index === undefined ? {} : { index: input.index }),
        ...(input.key ? { key: input.key } : {}),
      })
      .returning({ id: event.id });
    if (!row) throw new Error('event not stored');
    if (input.waiver) await writeWaiver(tx, row.id, input.waiver.text, by);
    return row.id;
  });
}

/**
 * Changes an event. When its date or time changes, each person registered is told, in the same
 * transaction (for an event that has not yet taken place, or is moved to a day not yet past).
 * A capacity below the people already registered is refused; a larger one gives the new places to
 * the first people waiting.
 */
export async function updateEvent(db: Database, id: string, input: EventWrite, site: SigningSite, by: string | null): Promise<number> {
  const { now } = await siteNow(db);
  return db.transaction(async (tx) => {
    // Held until the end: a registration made meanwhile waits, and is then told of the change.
    const [before] = await tx
      .select({ date: event.date, time: event.time, capacity: event.capacity, endAt: event.endAt, questions: event.questions })
      .from(event)
      .where(eq(event.id, id))
      .for('update');
    if (!before) return 0;
    // An end left out is kept: it must still come after the start the event is moved to.
    const keptEnd = input.end === undefined ? endOf(before.endAt) : null;
    if (keptEnd && !endsAfterStart(keptEnd, input.date)) {
      throw new AppError('invalid_input', eventMessages.endNotAfterStart, { end: eventMessages.endNotAfterStart });
    }
    if (input.capacity !== undefined && input.capacity !== null) {
      const registered = await poolCount(tx, id, null);
      if (input.capacity < registered) {
        const message = fillMessage(eventMessages.capacityBelowRegistered, { count: String(registered) });
        throw new AppError('conflict', message, { capacity: message });
      }
    }
    const [row] = await tx
      .update(event)
      .set({
        ...columnsFrom(input, site.timeZone),
        ...(input.index === undefined ? {} : { index: input.index }),
        ...(input.key ? { key: input.key } : {}),
      })
      .where(eq(event.id, id))
      .returning();
    if (!row) return 0;
    if (input.questions) await writeQuestions(tx, id, before.questions, input.questions);
    if (input.waiver) await writeWaiver(tx, id, input.waiver.text, by);
    else if (input.waiver === null) await removeWaiver(tx, id);
    // Its shifts move with it, by the same number of days.
    const moveBy = daysBetween(before.date, row.date);
    if (moveBy !== 0) {
      await tx
        .update(shift)
        .set({
          startsAt: sql`${shift.startsAt} + make_interval(days => ${moveBy})`,
          endsAt: sql`${shift.endsAt} + make_interval(days => ${moveBy})`,
        })
        .where(eq(shift.eventId, id));
    }
    const previousDate = eventDate(before.date, before.time);
    const moved = previousDate !== eventDate(row.date, row.time);
    // 'Today' is the site's (where the charity is), not the database server's.
    const today = now.slice(0, 10);
    if (moved && (row.date >= today || before.date >= today)) {
      for (const { shift: taken, ...person } of await registeredFor(tx, id)) {
        await enqueueMail(tx, 'event-changed', {
          ...person,
          event: mailEvent(row, taken?.role ? taken : null),
          previousDate,
          changedAt: row.updatedAt,
        });
      }
    }
    // Checked even when the capacity stays: a place may be free for the first person waiting.
    if (row.capacity === null || row.capacity !== before.capacity) await fillFreedPlaces(tx, row, now, null);
    return 1;
  });
}

/**
 * Removes an event and its registrations (the database cascades), telling each person registered
 * for it, if it has not yet taken place, in the same transaction: they are read before the cascade.
 * Donations to it stay, as financial records, with the event's title and banner as they were.
 */
export async function deleteEvent(db: Database, id: string, site: SigningSite): Promise<number> {
  const today = todayIn(site.timeZone);
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ event }).from(event).where(eq(event.id, id)).for('update');
    if (!found) return 0;
    if (found.event.date >= today) {
      for (const { shift: taken, ...person } of await registeredFor(tx, id)) {
        await enqueueMail(tx, 'event-deleted', { ...person, event: mailEvent(found.event, taken?.role ? taken : null) });
      }
    }
    // Copies of its messages not yet sent go too: its people get the cancellation instead.
    await dropQueuedCopies(tx, id);
    const rows = await tx.delete(event).where(eq(event.id, id)).returning({ id: event.id });
    return rows.length;
  });
}

/**
 * The people signed up for an event (with a place, or waiting for one) who want event updates by
 * email (their 'events' preference); a waiting person's message says they are still waiting.
 */
async function registeredFor(db: Database, eventId: string) {
  return db
    .select({
      registrationId: registration.id,
      accountId: registration.accountId,
      to: registration.email,
      name: registration.name,
      waitlistPosition: registration.position,
      // On an event staffed by shifts, each message names the person's shift (and its times).
      shift: { role: shift.role, startsAt: shift.startsAt, endsAt: shift.endsAt },
    })
    .from(registration)
    .innerJoin(account, eq(account.id, registration.accountId))
    .leftJoin(shift, eq(shift.id, registration.shiftId))
    .where(and(eq(registration.eventId, eventId), eq(account.emailEvents, true)))
    .orderBy(registration.id);
}

/** Whole days from one calendar day to another. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Copies of an event on other days, each independent: its fields and shifts moved by the days between
 * (its end and each shift's times too), with a new index and key, and none of its registrations,
 * donations or reviews. All or none, in one transaction. Undefined when no event has the id.
 */
export async function copyEvent(db: Database, id: string, days: string[], by: string | null): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    // Shared: a change to its shifts (which locks the event's row) waits, so every copy has the same shifts.
    const [source] = await tx.select().from(event).where(eq(event.id, id)).for('share');
    if (!source) return undefined;
    const ids: string[] = [];
    for (const day of days) {
      const moveBy = daysBetween(source.date, day);
      const [row] = await tx
        .insert(event)
        .values({
          title: source.title,
          desc: source.desc,
          banner: source.banner,
          date: day,
          time: source.time,
          location: source.location,
          endAt: source.endAt === null ? null : sql`${source.endAt}::timestamp + make_interval(days => ${moveBy})`,
          capacity: source.capacity,
          goalCents: source.goalCents,
          hoursMinutes: source.hoursMinutes,
          checkinOpensMinutes: source.checkinOpensMinutes,
          questions: source.questions,
        })
        .returning({ id: event.id });
      if (!row) throw new Error('event not stored');
      // The copy asks for the same waiver: its own version 1.
      if (source.waiver) await writeWaiver(tx, row.id, source.waiver.text, by);
      await copyShifts(tx, source.id, row.id, moveBy);
      ids.push(row.id);
    }
    return ids;
  });
}

/** The day `weeks` weeks after a calendar day. */
export const weeksAfter = (day: string, weeks: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

/** The calendar day an event is on (for a copy a week later, and the next). */
export async function eventDay(db: Database, id: string): Promise<string | undefined> {
  const [found] = await db.select({ date: event.date }).from(event).where(eq(event.id, id));
  return found?.date;
}
