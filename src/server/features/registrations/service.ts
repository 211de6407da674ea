import { type AnyColumn, and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { parseSort } from '../../../shared/paging.ts';
import { type Answers, answerText, type Question, visibleAnswers } from '../../../shared/questions.ts';
import type { Registration, RegistrationCreate, RegistrationCreated, RegistrationListQuery } from '../../../shared/registrations.ts';
import { registrationMessages } from '../../../shared/registrations.ts';
import { shiftMessages, shiftsOverlap } from '../../../shared/shifts.ts';
import { wallClockAt } from '../../../shared/time-zone.ts';
import type { SignedInAccount } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import {
  after,
  cursorKey,
  decodeCursor,
  EXPORT_PAGE,
  type KeyValue,
  newestFirst,
  nextCursor,
  orderOf,
  type SortKey,
} from '../../db/cursor.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { account, event, registration, shift } from '../../db/schema.ts';
import { contains, throughIndexes } from '../../db/search.ts';
import { totalOf } from '../../db/totals.ts';
import { AppError, notFound } from '../../errors.ts';
import { csvPages } from '../../http/csv.ts';
import { enqueueMail } from '../../mail/registry.ts';
import { mailEvent } from '../../mail/templates/event-links.ts';
import type { SigningSite } from '../../mail/unsubscribe.ts';
import { fillFreedPlaces, lockEventPlaces, nextWaitlistPosition, oneAtATime, poolCount } from '../events/places.ts';
import { toEvent } from '../events/service.ts';
import { isPast } from '../events/when.ts';
import { answersFor } from '../questions/service.ts';
import { shiftTimeOf, toShiftSummary } from '../shifts/service.ts';
import { signWaiver } from '../waivers/service.ts';

const shiftColumns = { id: shift.id, role: shift.role, startsAt: shift.startsAt, endsAt: shift.endsAt };
const columns = { registration, event, role: account.role, shift: shiftColumns };
type Row = {
  registration: typeof registration.$inferSelect;
  event: typeof event.$inferSelect;
  role: (typeof account.$inferSelect)['role'];
  shift: { id: string; role: string; startsAt: string; endsAt: string } | null;
};

function toRegistration(row: Row): Registration {
  const { _id: eventId, ...eventFields } = toEvent(row.event);
  return {
    _id: row.registration.id,
    eventId,
    ...eventFields,
    name: row.registration.name,
    email: row.registration.email,
    image: row.registration.image,
    role: row.role,
    status: row.registration.status,
    position: row.registration.status === 'waitlisted' ? row.registration.position : null,
    registeredAt: row.registration.createdAt.toISOString(),
    shift: row.shift?.id ? toShiftSummary(row.shift) : null,
    answers: row.registration.answers ?? null,
    waiverId: row.registration.waiverSignatureId,
  };
}

function selectRegistrations(db: Database) {
  return db
    .select(columns)
    .from(registration)
    .innerJoin(event, eq(registration.eventId, event.id))
    .innerJoin(account, eq(registration.accountId, account.id))
    .leftJoin(shift, eq(registration.shiftId, shift.id));
}

/** Whether the account wants messages about its events (the 'events' email preference). */
async function wantsEventMail(db: Database, accountId: string): Promise<boolean> {
  const [found] = await db.select({ events: account.emailEvents }).from(account).where(eq(account.id, accountId));
  return found?.events ?? false;
}

type ShiftRow = typeof shift.$inferSelect;

/**
 * The shifts asked for, checked: on an event staffed by shifts at least one, each of this event; on an
 * event without, none. 400 naming `shiftIds` otherwise.
 */
async function chosenShifts(tx: Database, eventId: string, shiftIds: string[] | undefined): Promise<ShiftRow[]> {
  const wanted = [...new Set(shiftIds ?? [])];
  const invalid = (message: string) => new AppError('invalid_input', message, { shiftIds: message });
  if (wanted.length === 0) {
    const [any] = await tx.select({ id: shift.id }).from(shift).where(eq(shift.eventId, eventId)).limit(1);
    if (any) throw invalid(shiftMessages.chooseShift);
    return [];
  }
  const rows = await tx
    .select()
    .from(shift)
    .where(and(eq(shift.eventId, eventId), inArray(shift.id, wanted)))
    .orderBy(shift.startsAt, shift.id);
  if (rows.length === wanted.length) return rows;
  const [any] = await tx.select({ id: shift.id }).from(shift).where(eq(shift.eventId, eventId)).limit(1);
  throw invalid(any ? shiftMessages.notThisEvent : shiftMessages.noShifts);
}

/**
 * Refuses shifts that overlap one another or a shift the person already has (of any event, with a place
 * or waiting), and one they already have. The person's own registrations are changed one at a time
 * (a lock on their id, taken after the event's), so two at once cannot both pass this check.
 */
async function checkOwnShifts(tx: Database, accountId: string, chosen: ShiftRow[]) {
  for (let i = 1; i < chosen.length; i++) {
    const [a, b] = [chosen[i - 1] as ShiftRow, chosen[i] as ShiftRow];
    if (shiftsOverlap(a, b)) throw new AppError('conflict', shiftMessages.overlaps, { shiftIds: shiftMessages.overlaps });
  }
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`registration:${accountId}`}, 0))`);
  const first = chosen[0] as ShiftRow;
  const last = chosen.reduce((latest, one) => (one.endsAt > latest ? one.endsAt : latest), first.endsAt);
  const held = await tx
    .select({ id: shift.id, startsAt: shift.startsAt, endsAt: shift.endsAt })
    .from(registration)
    .innerJoin(shift, eq(shift.id, registration.shiftId))
    .where(
      and(
        eq(registration.accountId, accountId),
        sql`${shift.startsAt} < ${last}::timestamp`,
        sql`${shift.endsAt} > ${first.startsAt}::timestamp`,
      ),
    );
  for (const one of chosen) {
    if (held.some((h) => h.id === one.id))
      throw new AppError('conflict', shiftMessages.alreadyRegistered, { shiftIds: shiftMessages.alreadyRegistered });
  }
  for (const one of chosen) {
    if (held.some((h) => shiftsOverlap(h, one)))
      throw new AppError('conflict', shiftMessages.overlaps, { shiftIds: shiftMessages.overlaps });
  }
}

/**
 * Registers the caller for an event, with their name, email and picture as their account has them:
 * a place while there is one, else the next number on the waitlist. On an event staffed by shifts, one
 * registration per shift asked for, each with its own place or number, all in one transaction (all or
 * none). The event's row is locked first, so concurrent registrations count and take places one after
 * another (no overbooking). Each confirmation (with the event or shift as a calendar file, or the
 * waitlist number) is queued in the same transaction. The database's unique constraints, not a read
 * before the write, make a second registration fail.
 */
export async function register(
  db: Database,
  caller: SignedInAccount,
  input: RegistrationCreate,
  site: SigningSite,
  address: string,
): Promise<RegistrationCreated> {
  const { eventId } = input;
  // Read before the event's row is locked: the lock is held for what must be counted and written alone.
  const wantsMail = await wantsEventMail(db, caller.id);
  try {
    return await oneAtATime(eventId, () =>
      db.transaction(async (tx) => {
        // Held until the end: an admin's change of date or capacity waits for this registration (and
        // then tells it), or goes first and this one sees the new date and capacity.
        const found = await lockEventPlaces(tx, eventId);
        if (!found) throw notFound('Event');
        const now = wallClockAt(site.timeZone);
        const chosen = await chosenShifts(tx, eventId, input.shiftIds);
        // Checked against the questions as they are now (the event's row is locked): 400 naming each answer.
        const answers = answersFor(found.questions, input.answers);
        // A shift is over at its own end (a teardown may end after the event); an event without shifts at its end.
        if (chosen.length === 0 && isPast(found, now)) throw new AppError('conflict', registrationMessages.eventPast);
        if (chosen.some((one) => shiftTimeOf(one.endsAt) <= now.slice(0, 16))) {
          throw new AppError('conflict', shiftMessages.shiftPast, { shiftIds: shiftMessages.shiftPast });
        }
        if (chosen.length > 0) await checkOwnShifts(tx, caller.id, chosen);
        // One signature for all the shifts taken, made last of the checks: nothing is kept of a refusal.
        const waiverSignatureId = await signWaiver(tx, found, caller, input.waiver, answers, address);
        const pools: (ShiftRow | null)[] = chosen.length > 0 ? chosen : [null];
        const taken: RegistrationCreated['registrations'] = [];
        for (const pool of pools) {
          const shiftId = pool?.id ?? null;
          const capacity = pool ? pool.capacity : found.capacity;
          const full = capacity !== null && (await poolCount(tx, eventId, shiftId)) >= capacity;
          const position = full ? await nextWaitlistPosition(tx, eventId, shiftId) : null;
          const status = full ? 'waitlisted' : 'registered';
          const [row] = await tx
            .insert(registration)
            .values({
              accountId: caller.id,
              eventId,
              shiftId,
              name: caller.name,
              email: caller.email,
              image: caller.image,
              status,
              position,
              answers,
              waiverSignatureId,
            })
            .returning({ id: registration.id });
          if (!row) throw new Error('registration not stored');
          if (wantsMail) {
            // Only the template's input: the worker writes the message (QR code, calendar file) after the commit.
            const mail = {
              registrationId: row.id,
              accountId: caller.id,
              to: caller.email,
              name: caller.name,
              event: mailEvent(found, pool),
            };
            if (position === null) await enqueueMail(tx, 'registration-confirmed', mail);
            else await enqueueMail(tx, 'registration-waitlisted', { ...mail, waitlistPosition: position });
          }
          taken.push({ insertedId: row.id, status, position, shiftId });
        }
        const first = taken[0] as RegistrationCreated['registrations'][number];
        return { insertedId: first.insertedId, status: first.status, position: first.position, registrations: taken };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = input.shiftIds?.length ? shiftMessages.alreadyRegistered : registrationMessages.alreadyRegistered;
      throw new AppError('conflict', message);
    }
    // The event was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw notFound('Event');
    throw error;
  }
}

export async function findRegistration(db: Database, id: string) {
  const [row] = await selectRegistrations(db).where(eq(registration.id, id));
  return row && { accountId: row.registration.accountId, registration: toRegistration(row) };
}

/**
 * A person's registrations (My Events), soonest event first. Their ids are found first, through the
 * email index; joined in the same statement, the embedded database (which has no statistics) read
 * every event to join a person's twenty registrations, slower with every event the charity adds.
 */
export async function listRegistrationsOf(db: Database, email: string): Promise<Registration[]> {
  const mine = await db.select({ id: registration.id }).from(registration).where(eq(registration.email, email.toLowerCase()));
  if (mine.length === 0) return [];
  const rows = await selectRegistrations(db)
    .where(
      inArray(
        registration.id,
        mine.map((row) => row.id),
      ),
    )
    .orderBy(event.date, event.time, shift.startsAt, registration.id);
  return rows.map(toRegistration);
}

/**
 * Registrations whose registrant name or email, or whose event's title, contains `text`: a test on
 * the registration row alone. Its three parts are each answered by an index (the trigram indexes on
 * name and email, and the event id index for the events whose title matches), which an OR across
 * the join to event could not use: that read every registration.
 */
function matching(db: Database, text: string): SQL {
  const titled = db.select({ id: event.id }).from(event).where(contains(event.title, text));
  const any = or(
    contains(registration.name, text),
    contains(registration.email, text),
    sql`${registration.eventId} = any(array(${titled}))`,
  );
  // `or` of three conditions is never empty; the type allows for a call with none.
  return any ?? sql`false`;
}

/** A search matching more registrations than this finds a page's worth early in any sort order. */
const manyMatches = 1000;

type Columns = { id: AnyColumn; createdAt: AnyColumn; name: AnyColumn; email: AnyColumn; title: AnyColumn };

/** The list's order as sort keys (with no sort asked for: newest first), the id breaking ties. */
function sortKeys(sort: RegistrationListQuery['sort'], c: Columns): SortKey[] {
  const parsed = parseSort(sort);
  const descending = parsed ? parsed.descending : true;
  const id: SortKey = { expr: c.id, type: 'uuid', descending };
  switch (parsed?.column) {
    case 'title':
      return [{ expr: sql`lower(${c.title})`, type: 'text', descending }, id];
    case 'name':
      return [{ expr: sql`lower(${c.name})`, type: 'text', descending }, id];
    case 'email':
      return [{ expr: c.email, type: 'text', descending }, id];
    default:
      return [{ expr: c.createdAt, type: 'timestamp', descending }, id];
  }
}

/**
 * The ids of one page of registrations, found on the registration rows alone (with the event only
 * to sort by its title), so that the joins for the page's fields are made for its rows only. A
 * cursor starts the page after the row it names, through the sort's index.
 *
 * `collectFirst` is for a search with few matches: OFFSET 0 keeps the planner from walking the
 * sort's index and testing each row, which reads nearly every registration to find a few; the
 * matches are found through the indexes, then sorted. With no search, or many matches, walking
 * the index stops after a page. (Drizzle leaves a numeric 0 out, so it is written as SQL.)
 */
function pageIds(db: Database, query: RegistrationListQuery, where: SQL | undefined, collectFirst: boolean, from: KeyValues) {
  let candidates = db
    .select({
      id: registration.id,
      eventId: registration.eventId,
      name: registration.name,
      email: registration.email,
      createdAt: registration.createdAt,
    })
    .from(registration)
    .where(where)
    .$dynamic();
  if (collectFirst) candidates = candidates.offset(sql`0` as unknown as number);
  const c = candidates.as('candidate');
  let ids = db.select({ id: c.id }).from(c).$dynamic();
  if (parseSort(query.sort)?.column === 'title') ids = ids.innerJoin(event, eq(event.id, c.eventId));
  const keys = sortKeys(query.sort, { id: c.id, createdAt: c.createdAt, name: c.name, email: c.email, title: event.title });
  return ids
    .where(from && after(keys, from))
    .orderBy(...orderOf(keys))
    .limit(query.limit)
    .offset(query.offset);
}

type KeyValues = ReturnType<typeof decodeCursor> | undefined;

const registrationColumns: Columns = { ...registration, title: event.title };

function pageOf(db: Database, query: RegistrationListQuery, where: SQL | undefined, collectFirst: boolean, from: KeyValues) {
  const keys = sortKeys(query.sort, registrationColumns);
  return db
    .select({ ...columns, cursorKey: cursorKey(keys) })
    .from(registration)
    .innerJoin(event, eq(registration.eventId, event.id))
    .innerJoin(account, eq(registration.accountId, account.id))
    .leftJoin(shift, eq(registration.shiftId, shift.id))
    .where(inArray(registration.id, pageIds(db, query, where, collectFirst, from)))
    .orderBy(...orderOf(keys));
}

/** Every registration has its event and account (required, cascading keys): counting matches needs no join. */
const countOf = (db: Database, where: SQL | undefined) => db.select({ value: count() }).from(registration).where(where);

export function listRegistrations(db: Database, query: RegistrationListQuery) {
  return query.q ? throughIndexes(db, (tx) => registrationsPage(tx, query)) : registrationsPage(db, query);
}

async function registrationsPage(db: Database, query: RegistrationListQuery) {
  const from = query.cursor ? decodeCursor(query.cursor, sortKeys(query.sort, registrationColumns)) : undefined;
  const page = (rows: Awaited<ReturnType<typeof pageOf>>, total: number) => ({
    registrations: rows.map(toRegistration),
    total,
    next: nextCursor(rows, query.limit),
  });
  if (!query.q) {
    const [rows, total] = await Promise.all([pageOf(db, query, undefined, false, from), totalOf(db, 'registration')]);
    return page(rows, total.rows);
  }
  // A search is counted first: how many match decides how its page is best found.
  const where = matching(db, query.q);
  const total = (await countOf(db, where))[0]?.value ?? 0;
  const rows = total > query.offset ? await pageOf(db, query, where, total <= manyMatches, from) : [];
  return page(rows, total);
}

/**
 * Removes a registration the caller owns (or any, for an admin), and queues the message that says
 * so in the same transaction; one that is already gone counts 0 and sends nothing. A freed place
 * goes to the first person waiting, and the waitlist is renumbered, in the same transaction.
 */
export async function cancelRegistration(db: Database, caller: SignedInAccount, id: string, site: SigningSite): Promise<number> {
  const now = wallClockAt(site.timeZone);
  return db.transaction(async (tx) => {
    const [named] = await tx.select({ eventId: registration.eventId }).from(registration).where(eq(registration.id, id));
    if (!named) return 0;
    // The event first, as registrations lock it: one lock order, no deadlock.
    const locked = await lockEventPlaces(tx, named.eventId);
    const [row] = await tx
      .select({ registration, event })
      .from(registration)
      .innerJoin(event, eq(registration.eventId, event.id))
      .where(eq(registration.id, id))
      .for('update', { of: registration });
    const [taken] = row?.registration.shiftId ? await tx.select().from(shift).where(eq(shift.id, row.registration.shiftId)) : [];
    if (!row || !locked) return 0;
    if (row.registration.accountId !== caller.id && caller.role !== 'admin') {
      throw new AppError('forbidden', 'You can only cancel your own registrations');
    }
    const deleted = await tx.delete(registration).where(eq(registration.id, id)).returning({ id: registration.id });
    if (deleted.length > 0) await fillFreedPlaces(tx, locked, now, taken ?? null);
    // A registration for an event that has taken place is history: removing it tells nobody anything.
    if (deleted.length > 0 && !isPast(row.event, now) && (await wantsEventMail(tx, row.registration.accountId))) {
      await enqueueMail(tx, 'registration-cancelled', {
        registrationId: id,
        accountId: row.registration.accountId,
        to: row.registration.email,
        name: row.registration.name,
        event: mailEvent(row.event, taken),
        byOrganisers: row.registration.accountId !== caller.id,
      });
    }
    return deleted.length;
  });
}

const exportKeys = newestFirst(registration.createdAt, registration.id);

/**
 * A registration's answers in one cell, each as 'Question: answer', in the event's order: events ask
 * different questions, so one column holds them. Sensitive ones only when asked for.
 */
function answersLine(questions: readonly Question[], answers: Answers | null, sensitive: boolean): string {
  const shown = visibleAnswers(questions, answers, { sensitive });
  if (!shown) return '';
  return questions
    .filter((question) => question.id in shown)
    .map((question) => `${question.label}: ${answerText(shown[question.id])}`)
    .join('; ');
}

/**
 * Every registration as CSV, newest first, read from the database a page at a time, each page after
 * the last row's key as the database has it (to the microsecond: rows written in one transaction share
 * their instant, and a key rounded to the millisecond skipped them).
 */
export function registrationsCsv(db: Database, { sensitive }: { sensitive: boolean }) {
  // Each event's questions, read once for the rows of its registrations (not with every row: that
  // parsed the same questions 100,000 times). Forgotten past a thousand events, so memory stays flat.
  const questionsOf = new Map<string, Question[]>();
  const withQuestions = async <Row extends { eventId: string }>(rows: Row[]) => {
    const onPage = [...new Set(rows.map((row) => row.eventId))];
    let missing = onPage.filter((id) => !questionsOf.has(id));
    if (missing.length > 0) {
      // Forgetting the others means reading all of this page's events again.
      if (questionsOf.size + missing.length > 1_000) {
        questionsOf.clear();
        missing = onPage;
      }
      const found = await db.select({ id: event.id, questions: event.questions }).from(event).where(inArray(event.id, missing));
      for (const one of found) questionsOf.set(one.id, one.questions);
    }
    return rows;
  };
  return csvPages(
    [
      'Title',
      'Event date',
      'Name',
      'Email',
      'Role',
      'Status',
      'Waitlist number',
      'Registered at',
      'Shift',
      'Shift starts',
      'Shift ends',
      'Answers',
      'Waiver signed',
    ],
    async (from: KeyValue[] | undefined) =>
      withQuestions(
        await db
          .select({
            eventId: registration.eventId,
            title: event.title,
            date: event.date,
            time: event.time,
            name: registration.name,
            email: registration.email,
            role: account.role,
            status: registration.status,
            position: registration.position,
            createdAt: registration.createdAt,
            shift: shiftColumns,
            answers: registration.answers,
            waiverSignatureId: registration.waiverSignatureId,
            cursorKey: cursorKey(exportKeys),
          })
          .from(registration)
          .innerJoin(event, eq(registration.eventId, event.id))
          .innerJoin(account, eq(registration.accountId, account.id))
          .leftJoin(shift, eq(registration.shiftId, shift.id))
          .where(from && after(exportKeys, from))
          .orderBy(...orderOf(exportKeys))
          .limit(EXPORT_PAGE),
      ),
    (row) => JSON.parse(row.cursorKey) as KeyValue[],
    (row) => {
      const taken = row.shift?.id ? toShiftSummary(row.shift) : null;
      return [
        row.title,
        row.time ? `${row.date}T${row.time.slice(0, 5)}` : row.date,
        row.name,
        row.email,
        row.role,
        row.status,
        row.status === 'waitlisted' && row.position !== null ? String(row.position) : '',
        row.createdAt.toISOString(),
        taken?.role ?? '',
        taken?.startsAt ?? '',
        taken?.endsAt ?? '',
        answersLine(questionsOf.get(row.eventId) ?? [], row.answers, sensitive),
        row.waiverSignatureId ? 'Yes' : '',
      ];
    },
  );
}
