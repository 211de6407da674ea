import { and, asc, eq, sql } from 'drizzle-orm';
import { type Answer, answerText, visibleAnswers } from '../../../shared/questions.ts';
import type { Roster } from '../../../shared/roster.ts';
import type { Database } from '../../db/client.ts';
import { event, registration, shift } from '../../db/schema.ts';
import { csvLine } from '../../http/csv.ts';
import { listShifts, toShiftSummary } from '../shifts/service.ts';

/** '2026-12-05 16:00:00' (the column's text) as the API writes wall-clock times: '2026-12-05T16:00'. */
const wallClock = (value: string | null) => (value ? value.replace(' ', 'T').slice(0, 16) : null);

/**
 * An event's roster: the people with a place, by name (the order of a sign-in sheet), and the
 * waitlist by position. Read from the registrations' own status and position, which the
 * registration rules keep; undefined when no event has the id.
 */
export async function findRoster(db: Database, eventId: string, { sensitive }: { sensitive: boolean }): Promise<Roster | undefined> {
  const [found] = await db.select().from(event).where(eq(event.id, eventId));
  if (!found) return undefined;
  const person = {
    id: registration.id,
    name: registration.name,
    email: registration.email,
    createdAt: registration.createdAt,
    answers: registration.answers,
    shift: { id: shift.id, role: shift.role, startsAt: shift.startsAt, endsAt: shift.endsAt },
  };
  // Shift by shift in time order; the places without a shift (an event without shifts) come first.
  const byShift = [sql`${shift.startsAt} asc nulls first`, sql`${shift.id} asc nulls first`];
  const [registered, waitlisted, shifts] = await Promise.all([
    db
      .select(person)
      .from(registration)
      .leftJoin(shift, eq(shift.id, registration.shiftId))
      .where(and(eq(registration.eventId, eventId), eq(registration.status, 'registered')))
      .orderBy(...byShift, sql`lower(${registration.name})`, asc(registration.createdAt), asc(registration.id)),
    db
      .select({ ...person, position: registration.position })
      .from(registration)
      .leftJoin(shift, eq(shift.id, registration.shiftId))
      .where(and(eq(registration.eventId, eventId), eq(registration.status, 'waitlisted')))
      .orderBy(...byShift, sql`${registration.position} asc nulls last`, asc(registration.createdAt), asc(registration.id)),
    listShifts(db, eventId),
  ]);
  // Sensitive questions and their answers only for admins (DECISIONS 5.5).
  const questions = found.questions.filter((question) => sensitive || !question.sensitive);
  const toPerson = (row: (typeof registered)[number]) => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    registeredAt: row.createdAt.toISOString(),
    shift: row.shift?.id ? toShiftSummary(row.shift) : null,
    answers: visibleAnswers(questions, row.answers, { sensitive }),
  });
  return {
    event: {
      _id: found.id,
      title: found.title,
      date: found.time ? `${found.date}T${found.time.slice(0, 5)}` : found.date,
      end: wallClock(found.endAt),
      location: found.location,
      capacity: found.capacity,
    },
    questions,
    shifts: (shifts ?? []).map((one) => ({
      _id: one._id,
      role: one.role,
      startsAt: one.startsAt,
      endsAt: one.endsAt,
      description: one.description,
      capacity: one.capacity,
      registered: one.registered,
      waitlisted: one.waitlisted,
    })),
    registered: registered.map(toPerson),
    // A waitlisted row always has its position; the index stands in should one ever lack it.
    waitlist: waitlisted.map((row, index) => ({ ...toPerson(row), position: row.position ?? index + 1 })),
  };
}

/**
 * The roster as CSV: the people with a place, then the waitlist in order. On an event staffed by shifts,
 * each row begins with its shift (role, start, end), the people grouped shift by shift.
 */
export async function* rosterCsv(roster: Roster): AsyncGenerator<string> {
  const byShift = roster.shifts.length > 0;
  const shiftCells = (person: Roster['registered'][number]) =>
    byShift ? [person.shift?.role ?? '', person.shift?.startsAt ?? '', person.shift?.endsAt ?? ''] : [];
  // A column per question the reader may see (the roster has left out what they may not).
  const answerCells = (person: Roster['registered'][number]) =>
    roster.questions.map((question) => answerText(person.answers?.[question.id] as Answer | undefined));
  const head = ['Status', 'Waitlist position', 'Name', 'Email', 'Registered at', ...roster.questions.map((question) => question.label)];
  yield `\uFEFF${csvLine(byShift ? ['Shift', 'Shift starts', 'Shift ends', ...head] : head)}`;
  for (const person of roster.registered)
    yield csvLine([...shiftCells(person), 'Registered', null, person.name, person.email, person.registeredAt, ...answerCells(person)]);
  for (const person of roster.waitlist)
    yield csvLine([
      ...shiftCells(person),
      'Waitlisted',
      person.position,
      person.name,
      person.email,
      person.registeredAt,
      ...answerCells(person),
    ]);
}
