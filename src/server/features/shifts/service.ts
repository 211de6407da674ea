import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { fillMessage } from '../../../shared/messages.ts';
import {
  MAX_SHIFTS_PER_EVENT,
  type Shift,
  type ShiftCreate,
  type ShiftSummary,
  type ShiftUpdate,
  shiftMessages,
} from '../../../shared/shifts.ts';
import { wallMinute } from '../../../shared/time-zone.ts';
import { rowsOf } from '../../db/catalog.ts';
import type { Database } from '../../db/client.ts';
import { account, event, registration, shift } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { enqueueMail } from '../../mail/registry.ts';
import { mailEvent } from '../../mail/templates/event-links.ts';
import { fillFreedPlaces, lockEventPlaces, oneAtATime, poolCount } from '../events/places.ts';
import { endWallClock, isPast, siteNow } from '../events/when.ts';

type ShiftRow = typeof shift.$inferSelect;
type EventRow = typeof event.$inferSelect;

/** A stored wall-clock time as the API gives it: 'YYYY-MM-DDTHH:MM'. */
export const shiftTimeOf = wallMinute;

/** A shift as registrations carry it. */
export function toShiftSummary(row: Pick<ShiftRow, 'id' | 'role' | 'startsAt' | 'endsAt'>): ShiftSummary {
  return { _id: row.id, role: row.role, startsAt: shiftTimeOf(row.startsAt), endsAt: shiftTimeOf(row.endsAt) };
}

/** As the database keeps a wall-clock minute. */
const stored = (wall: string) => `${wall.slice(0, 10)} ${wall.slice(11, 16)}:00`;

/**
 * An event's shifts in time order, each with its places taken and its waitlist, in one statement: the
 * counts from one grouped read of the event's registrations (through the (event_id, status, position)
 * index), and the rows as one JSON value, since the embedded database hands over each row of a result
 * at a cost (an event of 200 shifts was twice as slow to list as one of 5, row by row).
 * Undefined when no event has the id.
 */
export async function listShifts(db: Database, eventId: string): Promise<Shift[] | undefined> {
  const [found] = await rowsOf<{ shifts: Shift[] | string | null }>(
    db,
    sql`
    select (
      select coalesce(json_agg(json_build_object(
        '_id', s.id, 'eventId', s.event_id, 'role', s.role, 'description', s.description,
        'startsAt', to_char(s.starts_at, 'YYYY-MM-DD"T"HH24:MI'), 'endsAt', to_char(s.ends_at, 'YYYY-MM-DD"T"HH24:MI'),
        'capacity', s.capacity, 'registered', coalesce(c.registered, 0),
        'spotsLeft', case when s.capacity is null then null else greatest(0, s.capacity - coalesce(c.registered, 0)) end,
        'waitlisted', coalesce(c.waitlisted, 0)
      ) order by s.starts_at, s.ends_at, s.id), '[]')
      from ${shift} s
      left join (
        select shift_id,
               count(*) filter (where status = 'registered')::int as registered,
               count(*) filter (where status = 'waitlisted')::int as waitlisted
        from ${registration}
        where event_id = ${eventId} and shift_id is not null
        group by shift_id
      ) c on c.shift_id = s.id
      where s.event_id = ${eventId}
    ) as shifts
    from ${event} where ${event.id} = ${eventId}`,
  );
  if (!found) return undefined;
  const shifts = found.shifts ?? [];
  return typeof shifts === 'string' ? (JSON.parse(shifts) as Shift[]) : shifts;
}

/**
 * How many shifts each of these events has, their places in all, whether any has no limit, and how many
 * of those places are taken (registrations with a shift: any made before the event had shifts are its own).
 */
export async function shiftTotals(db: Database, eventIds: string[]) {
  const found = new Map<string, { shifts: number; capacity: number; unlimited: boolean; taken: number }>();
  if (eventIds.length === 0) return found;
  const rows = await db
    .select({
      eventId: shift.eventId,
      shifts: count(),
      capacity: sql<string | null>`sum(${shift.capacity})`,
      unlimited: sql<boolean>`bool_or(${shift.capacity} is null)`,
    })
    .from(shift)
    .where(inArray(shift.eventId, eventIds))
    .groupBy(shift.eventId);
  if (rows.length === 0) return found;
  const taken = await db
    .select({ eventId: registration.eventId, value: count() })
    .from(registration)
    .where(
      and(
        inArray(
          registration.eventId,
          rows.map((r) => r.eventId),
        ),
        eq(registration.status, 'registered'),
        sql`${registration.shiftId} is not null`,
      ),
    )
    .groupBy(registration.eventId);
  const takenOf = new Map(taken.map((r) => [r.eventId, r.value]));
  for (const r of rows) {
    found.set(r.eventId, {
      shifts: r.shifts,
      capacity: Number(r.capacity ?? 0),
      unlimited: Boolean(r.unlimited),
      taken: takenOf.get(r.eventId) ?? 0,
    });
  }
  return found;
}

/**
 * A shift must start within a day of the event: from the day before its date to the day after its last
 * day (its end's, for an event over several days).
 */
function checkNearEvent(row: EventRow, startsAt: string) {
  const day = (d: string, add: number) => {
    const [y, m, dd] = d.slice(0, 10).split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, dd + add)).toISOString().slice(0, 10);
  };
  const lastDay = row.endAt && row.endAt.slice(0, 10) > row.date ? row.endAt.slice(0, 10) : row.date;
  const startDay = startsAt.slice(0, 10);
  if (startDay < day(row.date, -1) || startDay > day(lastDay, 1)) {
    throw new AppError('invalid_input', shiftMessages.nearEvent, { startsAt: shiftMessages.nearEvent });
  }
}

function checkTimes(startsAt: string, endsAt: string) {
  if (endsAt <= startsAt) throw new AppError('invalid_input', shiftMessages.endNotAfterStart, { endsAt: shiftMessages.endNotAfterStart });
}

/** Adds a shift to an event. Undefined when no event has the id. */
export async function createShift(db: Database, eventId: string, input: ShiftCreate): Promise<string | undefined> {
  const { timeZone } = await siteNow(db);
  const startsAt = endWallClock(input.startsAt, timeZone);
  const endsAt = endWallClock(input.endsAt, timeZone);
  checkTimes(startsAt, endsAt);
  return oneAtATime(eventId, () =>
    db.transaction(async (tx) => {
      const found = await lockEventPlaces(tx, eventId);
      if (!found) return undefined;
      checkNearEvent(found, startsAt);
      const [many] = await tx.select({ value: count() }).from(shift).where(eq(shift.eventId, eventId));
      if ((many?.value ?? 0) >= MAX_SHIFTS_PER_EVENT) throw new AppError('conflict', shiftMessages.tooManyShifts);
      const [row] = await tx
        .insert(shift)
        .values({
          eventId,
          role: input.role,
          description: input.description ?? '',
          startsAt: stored(startsAt),
          endsAt: stored(endsAt),
          capacity: input.capacity ?? null,
        })
        .returning({ id: shift.id });
      return row?.id;
    }),
  );
}

/** The people of a shift (with a place or waiting) who want mail about their events. */
function peopleOf(db: Database, shiftId: string) {
  return db
    .select({
      registrationId: registration.id,
      accountId: registration.accountId,
      to: registration.email,
      name: registration.name,
      waitlistPosition: registration.position,
    })
    .from(registration)
    .innerJoin(account, eq(account.id, registration.accountId))
    .where(and(eq(registration.shiftId, shiftId), eq(account.emailEvents, true)))
    .orderBy(registration.id);
}

async function eventOfShift(db: Database, id: string) {
  const [found] = await db.select({ eventId: shift.eventId }).from(shift).where(eq(shift.id, id));
  return found?.eventId;
}

/**
 * Changes a shift. Moving its times emails its people (as a new event date does) for a shift still to
 * come; fewer places than those registered are refused; more give the new places to the first waiting.
 * 0 when no shift has the id.
 */
export async function updateShift(db: Database, id: string, input: ShiftUpdate): Promise<number> {
  const eventId = await eventOfShift(db, id);
  if (!eventId) return 0;
  const { now, timeZone } = await siteNow(db);
  return oneAtATime(eventId, () =>
    db.transaction(async (tx) => {
      const locked = await lockEventPlaces(tx, eventId);
      const [before] = await tx.select().from(shift).where(eq(shift.id, id)).for('update');
      if (!locked || !before) return 0;
      const startsAt = input.startsAt === undefined ? shiftTimeOf(before.startsAt) : endWallClock(input.startsAt, timeZone);
      const endsAt = input.endsAt === undefined ? shiftTimeOf(before.endsAt) : endWallClock(input.endsAt, timeZone);
      checkTimes(startsAt, endsAt);
      if (input.startsAt !== undefined) checkNearEvent(locked, startsAt);
      if (input.capacity !== undefined && input.capacity !== null) {
        const registered = await poolCount(tx, eventId, id);
        if (input.capacity < registered) {
          const message = fillMessage(shiftMessages.capacityBelowRegistered, { count: String(registered) });
          throw new AppError('conflict', message, { capacity: message });
        }
      }
      const [row] = await tx
        .update(shift)
        .set({
          ...(input.role === undefined ? {} : { role: input.role }),
          ...(input.description === undefined ? {} : { description: input.description }),
          startsAt: stored(startsAt),
          endsAt: stored(endsAt),
          ...(input.capacity === undefined ? {} : { capacity: input.capacity }),
        })
        .where(eq(shift.id, id))
        .returning();
      if (!row) return 0;
      const previous = shiftTimeOf(before.startsAt);
      const moved = previous !== shiftTimeOf(row.startsAt) || shiftTimeOf(before.endsAt) !== shiftTimeOf(row.endsAt);
      if (moved && (shiftTimeOf(row.endsAt) > now.slice(0, 16) || shiftTimeOf(before.endsAt) > now.slice(0, 16))) {
        for (const person of await peopleOf(tx, id)) {
          await enqueueMail(tx, 'event-changed', {
            ...person,
            event: mailEvent(locked, row),
            previousDate: previous,
            changedAt: row.updatedAt,
          });
        }
      }
      if (row.capacity === null || row.capacity !== before.capacity) await fillFreedPlaces(tx, locked, now, row);
      return 1;
    }),
  );
}

/**
 * Removes a shift and its registrations, telling each of its people (for a shift still to come) first,
 * in the same transaction. 0 when no shift has the id.
 */
export async function deleteShift(db: Database, id: string): Promise<number> {
  const eventId = await eventOfShift(db, id);
  if (!eventId) return 0;
  const { now } = await siteNow(db);
  return oneAtATime(eventId, () =>
    db.transaction(async (tx) => {
      const locked = await lockEventPlaces(tx, eventId);
      const [row] = await tx.select().from(shift).where(eq(shift.id, id)).for('update');
      if (!locked || !row) return 0;
      if (!isPast(locked, now) && shiftTimeOf(row.endsAt) > now.slice(0, 16)) {
        for (const person of await peopleOf(tx, id)) {
          await enqueueMail(tx, 'registration-cancelled', {
            registrationId: person.registrationId,
            accountId: person.accountId,
            to: person.to,
            name: person.name,
            event: mailEvent(locked, row),
            byOrganisers: true,
          });
        }
      }
      const deleted = await tx.delete(shift).where(eq(shift.id, id)).returning({ id: shift.id });
      return deleted.length;
    }),
  );
}

/** The event a shift belongs to, for the audit log. */
export async function shiftTarget(db: Database, id: string) {
  const [found] = await db
    .select({ id: shift.id, role: shift.role, startsAt: shift.startsAt, eventId: shift.eventId, title: event.title })
    .from(shift)
    .innerJoin(event, eq(event.id, shift.eventId))
    .where(eq(shift.id, id));
  return found;
}

/** Copies of an event's shifts for another event, `days` later (no registrations go with them). */
export async function copyShifts(tx: Database, fromEventId: string, toEventId: string, days: number) {
  await tx.execute(sql`
    insert into ${shift} (event_id, role, description, starts_at, ends_at, capacity)
    select ${toEventId}, role, description, starts_at + make_interval(days => ${days}), ends_at + make_interval(days => ${days}), capacity
    from ${shift} where event_id = ${fromEventId}`);
}
