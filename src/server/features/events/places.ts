import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { wallMinute } from '../../../shared/time-zone.ts';
import type { Database } from '../../db/client.ts';
import { account, event, registration, shift } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/registry.ts';
import { mailEvent } from '../../mail/templates/event-links.ts';
import { isPast } from './when.ts';

/**
 * An event's places: who holds one (`registered`) and who waits (`waitlisted`, numbered 1..N). Every
 * change to them locks the event's row first, so registrations, cancellations and capacity changes
 * for one event happen one after another: no overbooking, no two people with the same number.
 */

type EventRow = typeof event.$inferSelect;
type ShiftRow = typeof shift.$inferSelect;

/**
 * One pool of places: an event's own (its registrations without a shift, its capacity), or one shift's
 * (its registrations, its capacity). Each has its own waitlist, numbered 1..N.
 */
const inPool = (eventId: string, shiftId: string | null): SQL =>
  shiftId === null
    ? (and(eq(registration.eventId, eventId), isNull(registration.shiftId)) as SQL)
    : (and(eq(registration.eventId, eventId), eq(registration.shiftId, shiftId)) as SQL);

/** How many hold a place in one pool (through the (shift_id, status, position) index for a shift). */
export async function poolCount(db: Database, eventId: string, shiftId: string | null): Promise<number> {
  const [found] = await db
    .select({ value: count() })
    .from(registration)
    .where(and(inPool(eventId, shiftId), eq(registration.status, 'registered')));
  return found?.value ?? 0;
}

/**
 * The event's row, locked until the transaction ends. FOR NO KEY UPDATE waits for another change to
 * its places, yet lets through the foreign-key checks (KEY SHARE) of rows that name the event.
 */
export async function lockEventPlaces(tx: Database, eventId: string): Promise<EventRow | undefined> {
  const [row] = await tx.select().from(event).where(eq(event.id, eventId)).for('no key update');
  return row;
}

/** How many people hold a place at the event (read through the (event_id, status, position) index). */
export async function registeredCount(db: Database, eventId: string): Promise<number> {
  const [found] = await db
    .select({ value: count() })
    .from(registration)
    .where(and(eq(registration.eventId, eventId), eq(registration.status, 'registered')));
  return found?.value ?? 0;
}

/** How many hold a place at each of these events (those with none are absent). */
export async function registeredCounts(db: Database, eventIds: string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ eventId: registration.eventId, value: count() })
    .from(registration)
    .where(and(inArray(registration.eventId, eventIds), eq(registration.status, 'registered')))
    .groupBy(registration.eventId);
  return new Map(rows.map((row) => [row.eventId, row.value]));
}

/** The number the next person to join a pool's waitlist gets. */
export async function nextWaitlistPosition(db: Database, eventId: string, shiftId: string | null = null): Promise<number> {
  const [found] = await db
    .select({ last: sql<number | null>`max(${registration.position})` })
    .from(registration)
    .where(and(inPool(eventId, shiftId), eq(registration.status, 'waitlisted')));
  return Number(found?.last ?? 0) + 1;
}

/** Numbers the people still waiting in a pool 1..N in their order, changing only the rows whose number moves. */
async function renumberWaitlist(tx: Database, eventId: string, shiftId: string | null) {
  const pool = shiftId === null ? sql`shift_id is null` : sql`shift_id = ${shiftId}`;
  await tx.execute(sql`
    update ${registration} set position = waiting.n
    from (
      select id, row_number() over (order by position, created_at, id) as n
      from ${registration}
      where event_id = ${eventId} and ${pool} and status = 'waitlisted'
    ) as waiting
    where ${registration.id} = waiting.id and ${registration.position} is distinct from waiting.n`);
}

/**
 * After a place frees (a cancellation, a deleted account, a larger capacity): the first people waiting
 * take the free places, the rest are renumbered 1..N, and each person moved up is emailed (when they
 * want mail about their events), all in the caller's transaction. The event's row must be locked
 * (`lockEventPlaces`, or FOR UPDATE). Nobody moves up for an event that has ended.
 *
 * `pool` says whose places: the event's own (null), one shift's, or 'all' (the event's and every
 * shift's that has people waiting, as when an account with several of them is deleted).
 */
export async function fillFreedPlaces(tx: Database, row: EventRow, now: string, pool: ShiftRow | null | 'all' = 'all'): Promise<number> {
  if (pool !== 'all') return fillPool(tx, row, now, pool);
  let moved = await fillPool(tx, row, now, null);
  const waitingShifts = tx
    .selectDistinct({ id: registration.shiftId })
    .from(registration)
    .where(and(eq(registration.eventId, row.id), eq(registration.status, 'waitlisted')));
  const shifts = await tx.select().from(shift).where(inArray(shift.id, waitingShifts)).orderBy(shift.startsAt, shift.id);
  for (const one of shifts) moved += await fillPool(tx, row, now, one);
  return moved;
}

async function fillPool(tx: Database, row: EventRow, now: string, pool: ShiftRow | null): Promise<number> {
  const shiftId = pool?.id ?? null;
  const capacity = pool ? pool.capacity : row.capacity;
  let moved: { id: string; accountId: string; email: string; name: string; wantsMail: boolean }[] = [];
  // Nobody moves up once it is over: a shift at its own end, the event's own places at the event's.
  const over = pool ? wallMinute(pool.endsAt) <= now.slice(0, 16) : isPast(row, now);
  if (!over) {
    const free = capacity === null ? null : capacity - (await poolCount(tx, row.id, shiftId));
    if (free === null || free > 0) {
      const next = tx
        .select({
          id: registration.id,
          accountId: registration.accountId,
          email: registration.email,
          name: registration.name,
          wantsMail: account.emailEvents,
        })
        .from(registration)
        .innerJoin(account, eq(account.id, registration.accountId))
        .where(and(inPool(row.id, shiftId), eq(registration.status, 'waitlisted')))
        .orderBy(asc(registration.position), asc(registration.createdAt), asc(registration.id))
        .$dynamic();
      moved = await (free === null ? next : next.limit(free));
      if (moved.length > 0) {
        await tx
          .update(registration)
          .set({ status: 'registered', position: null })
          .where(
            inArray(
              registration.id,
              moved.map((m) => m.id),
            ),
          );
      }
    }
  }
  await renumberWaitlist(tx, row.id, shiftId);
  for (const person of moved) {
    if (!person.wantsMail) continue;
    await enqueueMail(tx, 'waitlist-place', {
      registrationId: person.id,
      accountId: person.accountId,
      to: person.email,
      name: person.name,
      event: mailEvent(row, pool),
    });
  }
  return moved.length;
}

const tails = new Map<string, Promise<unknown>>();

/**
 * Runs work on one event's places after the work this process started before on the same event, so at
 * most one of them holds a database connection while it waits for the event's row lock. Without it, a
 * rush of registrations for one event took every connection of the pool to wait on that one lock, and
 * health checks and reads found none (issue 28). Other instances still take turns at the row lock.
 */
export function oneAtATime<T>(eventId: string, work: () => Promise<T>): Promise<T> {
  const before = tails.get(eventId) ?? Promise.resolve();
  const mine = before.then(work);
  const tail = mine.then(
    () => undefined,
    () => undefined,
  );
  tails.set(eventId, tail);
  void tail.then(() => {
    if (tails.get(eventId) === tail) tails.delete(eventId);
  });
  return mine;
}
