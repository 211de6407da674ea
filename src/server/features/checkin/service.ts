import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import {
  type Checkin,
  type CheckinPerson,
  type CheckinRefusal,
  checkinMessages,
  checkinWindow,
  checkinWindowRefusal,
  type EventCheckins,
} from '../../../shared/checkin.ts';
import { minutesOf, personHours, shiftHours } from '../../../shared/hours.ts';
import { type Question, visibleAnswers } from '../../../shared/questions.ts';
import { instantOf } from '../../../shared/time-zone.ts';
import type { SignedInAccount } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { event, registration, shift } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { creditedHours, toEvent } from '../events/service.ts';
import { shiftTimeOf, toShiftSummary } from '../shifts/service.ts';
import { readSiteSettings } from '../site/settings.ts';

/**
 * Check-in at the door. A check-in is one UPDATE that sets `checked_in_at` only where it is still
 * empty (and the person has a place), so however many phones send it at once, the database records
 * it once: the first writer's row is returned, every other finds none and is told who came when. The
 * phone's own key for a check-in is kept with it: the same check-in sent again (its answer was lost,
 * or a queue kept offline is sent twice) is answered as the first time, not refused as a second. The
 * UPDATE also names the door's event, so a pass of another event (scanned offline, where the phone
 * could not tell) is refused rather than recorded, with its hours, at an event it was not made at.
 * An undo keeps the check-in's key, so a copy of it still queued on a phone does not check the person
 * in again; and when two phones checked the same person in, the earlier scan is the one that counts,
 * whichever arrived first. The door is open from a set time before the event starts until it ends
 * (`checkinWindow`), judged at the moment the phone checked the person in, so a queue kept offline
 * during the event is counted when it arrives after it.
 */

type RegistrationRow = typeof registration.$inferSelect;
type ShiftRow = typeof shift.$inferSelect;

async function shiftOf(db: Database, shiftId: string | null): Promise<ShiftRow | null> {
  if (!shiftId) return null;
  const [found] = await db.select().from(shift).where(eq(shift.id, shiftId));
  return found ?? null;
}

const notFoundError = () => new AppError('not_found', checkinMessages.notFound);

function refused(reason: CheckinRefusal, message: string, row?: Pick<RegistrationRow, 'id' | 'name' | 'checkedInAt'>): AppError {
  return new AppError('conflict', message, undefined, {
    reason,
    checkedInAt: row?.checkedInAt?.toISOString() ?? null,
    registrationId: row?.id ?? null,
    name: row?.name ?? null,
  });
}

async function asCheckin(db: Database, row: RegistrationRow): Promise<Checkin> {
  const [found] = await db.select({ title: event.title }).from(event).where(eq(event.id, row.eventId));
  if (!row.checkedInAt) throw new Error('asked for the check-in of a registration not checked in');
  return {
    registrationId: row.id,
    name: row.name,
    email: row.email,
    event: found?.title ?? '',
    eventId: row.eventId,
    checkedInAt: row.checkedInAt.toISOString(),
    shift: await shiftOf(db, row.shiftId).then((found) => (found ? toShiftSummary(found) : null)),
  };
}

export interface CheckinRequest {
  /** The event whose door sent the check-in: a registration of any other is refused. */
  eventId: string;
  registrationId: string;
  /** Whether the id came from a signed pass: then a registration that is gone was cancelled, not mistyped. */
  fromPass: boolean;
  key?: string;
  /** When the phone checked the person in; the database's clock when absent. */
  at?: Date;
}

/** Records a person's arrival once; see the module's comment. */
export async function checkIn(db: Database, admin: SignedInAccount, request: CheckinRequest): Promise<Checkin> {
  const { eventId, registrationId, key } = request;
  await refuseOutsideWindow(db, request);
  // Twice at most: an undo between the refused write and the read that explains it lets the second try record it.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const [recorded] = await db
      .update(registration)
      .set({
        checkedInAt: request.at ?? sql`now()`,
        checkedInBy: admin.id,
        checkinKey: key ?? null,
      })
      .where(
        and(
          eq(registration.id, registrationId),
          eq(registration.eventId, eventId),
          eq(registration.status, 'registered'),
          isNull(registration.checkedInAt),
          // A check-in the door has undone is not made again by a copy of it arriving later.
          key === undefined ? undefined : or(isNull(registration.checkinKey), ne(registration.checkinKey, key)),
        ),
      )
      .returning();
    if (recorded) return asCheckin(db, recorded);

    const [found] = await db.select().from(registration).where(eq(registration.id, registrationId));
    if (!found) {
      if (request.fromPass) throw refused('cancelled', checkinMessages.cancelled);
      throw notFoundError();
    }
    if (found.eventId !== eventId) {
      const message = request.fromPass ? checkinMessages.otherEventPass : checkinMessages.otherEventRegistration;
      throw refused('other-event', message, { id: found.id, name: found.name, checkedInAt: null });
    }
    if (found.status === 'waitlisted') throw refused('waitlisted', checkinMessages.waitlisted, found);
    if (found.checkedInAt) {
      // The same check-in again (its answer was lost, or the phone's queue sent it twice): the one recorded.
      if (key !== undefined && found.checkinKey === key) return asCheckin(db, found);
      // Two phones checked the same person in: the person came at the earlier scan, whichever arrived
      // first, so an earlier one is the check-in that counts (its time, its key); a later one is refused.
      if (request.at && request.at < found.checkedInAt) {
        const [earlier] = await db
          .update(registration)
          .set({ checkedInAt: request.at, checkedInBy: admin.id, checkinKey: key ?? null })
          .where(and(eq(registration.id, found.id), gt(registration.checkedInAt, request.at)))
          .returning();
        if (earlier) return asCheckin(db, earlier);
        continue;
      }
      throw refused('already-checked-in', checkinMessages.alreadyCheckedIn, found);
    }
    if (key !== undefined && found.checkinKey === key) throw refused('undone', checkinMessages.undoneAtTheDoor, found);
  }
  throw refused('already-checked-in', checkinMessages.alreadyCheckedIn);
}

/**
 * Refuses a check-in made before the event's door opened or after it ended (409 `not-open-yet` or
 * `closed`), unless it is the same check-in recorded already (its key), which is answered as before.
 * An event that does not exist is left to the check-in itself to explain.
 */
async function refuseOutsideWindow(db: Database, request: CheckinRequest): Promise<void> {
  const [found] = await db.select().from(event).where(eq(event.id, request.eventId));
  if (!found) return;
  const { timeZone } = await readSiteSettings(db);
  const fields = toEvent(found);
  const refusal = checkinWindowRefusal(await doorWindow(db, found, timeZone), fields, timeZone, request.at ?? new Date());
  if (!refusal) return;
  if (request.key !== undefined) {
    const [same] = await db
      .select({ id: registration.id })
      .from(registration)
      .where(
        and(
          eq(registration.id, request.registrationId),
          eq(registration.checkinKey, request.key),
          sql`${registration.checkedInAt} is not null`,
        ),
      );
    if (same) return;
  }
  throw refused(refusal.reason, refusal.message);
}

/**
 * When the door may check people in to an event: its own window (from `checkinHoursBefore` hours before
 * its start to its end), widened to take in its shifts, each from as long before its start to its end
 * (a setup shift the evening before, a teardown after the event's end).
 */
async function doorWindow(db: Database, row: typeof event.$inferSelect, timeZone: string) {
  const fields = toEvent(row);
  const window = checkinWindow(fields, timeZone);
  const [span] = await db
    .select({ first: sql<string | null>`min(${shift.startsAt})`, last: sql<string | null>`max(${shift.endsAt})` })
    .from(shift)
    .where(eq(shift.eventId, row.id));
  if (!span?.first || !span.last) return window;
  const before = Math.round(fields.checkinHoursBefore * 60) * 60_000;
  const opens = new Date(instantOf(shiftTimeOf(span.first), timeZone).getTime() - before);
  const closes = instantOf(shiftTimeOf(span.last), timeZone);
  return {
    opensAt: opens < window.opensAt ? opens : window.opensAt,
    closesAt: closes > window.closesAt ? closes : window.closesAt,
  };
}

/** Undoes a check-in (a wrong person scanned); 0 when the person was not checked in. Undefined: no such registration. */
export async function undoCheckin(db: Database, registrationId: string): Promise<number | undefined> {
  const undone = await db
    .update(registration)
    // The check-in's key stays: a copy of it still queued on a phone is then known as undone (checkIn).
    .set({ checkedInAt: null, checkedInBy: null })
    .where(and(eq(registration.id, registrationId), sql`${registration.checkedInAt} is not null`))
    .returning({ id: registration.id });
  if (undone.length > 0) return 1;
  const [found] = await db.select({ id: registration.id }).from(registration).where(eq(registration.id, registrationId));
  return found ? 0 : undefined;
}

/**
 * What the door shows of a person's answers: those to questions an admin marked for check-in (an
 * allergy, a medical note), sensitive or not: marking one is the admin's choice to show it there.
 */
const atTheDoor = (question: Question) => question.checkIn;

/** A place on the door list; on a shift, the shift's hours stand for the event's. */
function toPerson(row: RegistrationRow, eventHours: number, taken: ShiftRow | null, questions: readonly Question[]): CheckinPerson {
  return {
    registrationId: row.id,
    name: row.name,
    email: row.email,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    hours: personHours(taken ? shiftHours(toShiftSummary(taken)) : eventHours, row.hoursMinutes),
    hoursAdjusted: row.hoursMinutes !== null,
    shift: taken ? toShiftSummary(taken) : null,
    answers: visibleAnswers(questions, row.answers, { sensitive: true, only: atTheDoor }),
  };
}

/** Sets (or, with null, clears) the hours a person is credited with for the event; undefined: no such registration. */
export async function setPersonHours(db: Database, registrationId: string, hours: number | null): Promise<CheckinPerson | undefined> {
  const [row] = await db
    .update(registration)
    .set({ hoursMinutes: hours === null ? null : minutesOf(hours) })
    .where(eq(registration.id, registrationId))
    .returning();
  if (!row) return undefined;
  const [found] = await db.select().from(event).where(eq(event.id, row.eventId));
  return toPerson(row, found ? creditedHours(found) : 0, await shiftOf(db, row.shiftId), found?.questions ?? []);
}

/** The door list: everyone with a place (not the waitlist), by name, with who has come. */
export async function eventCheckins(db: Database, eventId: string): Promise<EventCheckins | undefined> {
  const [found] = await db.select().from(event).where(eq(event.id, eventId));
  if (!found) return undefined;
  const rows = await db
    .select({ registration, shift })
    .from(registration)
    .leftJoin(shift, eq(shift.id, registration.shiftId))
    .where(and(eq(registration.eventId, eventId), eq(registration.status, 'registered')))
    .orderBy(asc(sql`lower(${registration.name})`), asc(shift.startsAt), asc(registration.id));
  const hours = creditedHours(found);
  const people = rows.map((row) => toPerson(row.registration, hours, row.shift, found.questions));
  const fields = toEvent(found);
  const { timeZone } = await readSiteSettings(db);
  const window = await doorWindow(db, found, timeZone);
  return {
    event: {
      _id: fields._id,
      title: fields.title,
      date: fields.date,
      end: fields.end,
      location: fields.location,
      hours,
      checkinOpensAt: window.opensAt.toISOString(),
      checkinClosesAt: window.closesAt.toISOString(),
    },
    questions: found.questions.filter(atTheDoor),
    registered: people.length,
    checkedIn: people.filter((person) => person.checkedInAt !== null).length,
    people,
  };
}

/** Who a registration belongs to, for its pass. */
export async function registrationOwner(db: Database, registrationId: string) {
  const [found] = await db
    .select({ id: registration.id, accountId: registration.accountId })
    .from(registration)
    .where(eq(registration.id, registrationId));
  return found;
}
