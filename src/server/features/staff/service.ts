import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DoorEvent, EventStaffMember } from '../../../shared/staff.ts';
import { mfaRequired, requireSignedIn, type SignedInAccount } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { account, event, eventStaff, registration, shift } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { toEvent } from '../events/service.ts';
import { siteNow, whenCondition } from '../events/when.ts';

/** Whether the account was named to run this event's door. */
export async function isEventStaff(db: Database, eventId: string, accountId: string): Promise<boolean> {
  const [found] = await db
    .select({ accountId: eventStaff.accountId })
    .from(eventStaff)
    .where(and(eq(eventStaff.eventId, eventId), eq(eventStaff.accountId, accountId)));
  return Boolean(found);
}

/**
 * The caller, when they may run this event's door and read its roster: an admin (who passed the second
 * factor where it is asked), or a person an admin named for this event, whatever their role and without
 * a second factor (that is all it opens). 403 otherwise, before anything about the event is said.
 */
export async function requireEventStaffOrAdmin(request: FastifyRequest, db: Database, eventId: string | null): Promise<SignedInAccount> {
  const caller = requireSignedIn(request);
  if (caller.role === 'admin') return caller;
  if (eventId && (await isEventStaff(db, eventId, caller.id))) return caller;
  if (caller.mfaPending) throw mfaRequired(caller.mfaPending);
  throw new AppError('forbidden', 'You are not allowed to do this');
}

/** The event a registration is for (for the door's calls that name a registration, not an event). */
export async function eventOfRegistration(db: Database, registrationId: string | null): Promise<string | null> {
  if (!registrationId) return null;
  const [found] = await db.select({ eventId: registration.eventId }).from(registration).where(eq(registration.id, registrationId));
  return found?.eventId ?? null;
}

/** Who may run an event's door; undefined when no event has the id. */
export async function listEventStaff(db: Database, eventId: string): Promise<EventStaffMember[] | undefined> {
  const [found] = await db.select({ id: event.id }).from(event).where(eq(event.id, eventId));
  if (!found) return undefined;
  const rows = await db
    .select({ accountId: account.id, name: account.name, email: account.email, addedAt: eventStaff.createdAt })
    .from(eventStaff)
    .innerJoin(account, eq(account.id, eventStaff.accountId))
    .where(eq(eventStaff.eventId, eventId))
    .orderBy(asc(eventStaff.createdAt), asc(account.id));
  return rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }));
}

/**
 * Names the account with `email` to run the event's door (once: naming them again changes nothing).
 * Undefined when no event has the id; null when no account has the email.
 */
export async function addEventStaff(db: Database, eventId: string, email: string, by: string) {
  const [found] = await db.select({ id: event.id, title: event.title }).from(event).where(eq(event.id, eventId));
  if (!found) return undefined;
  const [person] = await db
    .select({ id: account.id, name: account.name, email: account.email })
    .from(account)
    .where(eq(account.email, email));
  if (!person) return null;
  const added = await db
    .insert(eventStaff)
    .values({ eventId, accountId: person.id, addedBy: by })
    .onConflictDoNothing()
    .returning({ accountId: eventStaff.accountId });
  return { person, event: found, added: added.length > 0 };
}

/** Takes the door of the event from the account; 0 when they did not have it. */
export async function removeEventStaff(db: Database, eventId: string, accountId: string): Promise<number> {
  const rows = await db
    .delete(eventStaff)
    .where(and(eq(eventStaff.eventId, eventId), eq(eventStaff.accountId, accountId)))
    .returning({ accountId: eventStaff.accountId });
  return rows.length;
}

/** The events the account may run the door of that are still to come or under way, soonest first. */
export async function doorEventsOf(db: Database, accountId: string): Promise<DoorEvent[]> {
  const { now } = await siteNow(db);
  const rows = await db
    .select({ event })
    .from(eventStaff)
    .innerJoin(event, eq(event.id, eventStaff.eventId))
    .where(
      and(
        eq(eventStaff.accountId, accountId),
        // Still to come or under way, or with a shift that has not ended (a teardown after the event's end).
        or(
          whenCondition('upcoming', now),
          sql`exists (select 1 from ${shift} where ${shift.eventId} = ${event.id} and ${shift.endsAt} > ${now}::timestamp)`,
        ),
      ),
    )
    .orderBy(asc(event.date), sql`${event.time} asc nulls first`, asc(event.id))
    .limit(100);
  return rows.map(({ event: row }) => {
    const fields = toEvent(row);
    return { _id: fields._id, title: fields.title, date: fields.date, end: fields.end, location: fields.location };
  });
}
