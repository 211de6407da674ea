import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { eventStartOf } from '../../../shared/events.ts';
import { type Answers, checkAnswers, type Question, questionMessages, sensitiveMessages } from '../../../shared/questions.ts';
import { wallClockAt } from '../../../shared/time-zone.ts';
import { refuseUnlessSelfOrAdmin, requireSignedIn, type SignedInAccount } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { event, registration } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { eventDate } from '../../mail/templates/event-links.ts';
import { noteAudit } from '../audit/record.ts';
import { lockEventPlaces } from '../events/places.ts';

/** An event's questions, staff-only ones too (for admins); undefined when no event has the id. */
export async function readQuestions(db: Database, eventId: string): Promise<Question[] | undefined> {
  const [found] = await db.select({ questions: event.questions }).from(event).where(eq(event.id, eventId));
  return found?.questions;
}

/**
 * Replaces an event's questions. A question whose type changes once anyone has answered it is refused
 * (409): its answers would no longer read as that type; a new question (a new id) is the way. A choice
 * whose options change keeps the answers given, as given. 0 when no event has the id.
 */
export async function saveQuestions(db: Database, eventId: string, questions: Question[]): Promise<number> {
  return db.transaction(async (tx) => {
    const found = await lockEventPlaces(tx, eventId);
    if (!found) return 0;
    await writeQuestions(tx, eventId, found.questions, questions);
    return 1;
  });
}

/**
 * Replaces an event's questions in the caller's transaction (the event's row locked), from `before`:
 * refused with 409 when a question answered by anyone changes its type.
 */
export async function writeQuestions(tx: Database, eventId: string, before: readonly Question[], questions: Question[]): Promise<void> {
  for (const question of questions) {
    const was = before.find((one) => one.id === question.id);
    if (!was || was.type === question.type) continue;
    const [answered] = await tx
      .select({ id: registration.id })
      .from(registration)
      .where(and(eq(registration.eventId, eventId), sql`${registration.answers} ? ${question.id}`))
      .limit(1);
    if (answered) throw new AppError('conflict', questionMessages.typeChanged, { questions: questionMessages.typeChanged });
  }
  await tx.update(event).set({ questions }).where(eq(event.id, eventId));
}

/** The answers given checked against the event's questions: as kept, or 400 naming each `answers.<id>`. */
export function answersFor(questions: readonly Question[], given: Record<string, unknown> | undefined): Answers | null {
  const checked = checkAnswers(questions, given);
  if (checked.problems) {
    const [first] = Object.values(checked.problems);
    throw new AppError('invalid_input', first ?? questionMessages.required, checked.problems);
  }
  return Object.keys(checked.answers).length > 0 || questions.length > 0 ? checked.answers : null;
}

/**
 * Changes a person's answers for an event (all their registrations of it: one per shift), until the event
 * starts; the registration's owner or an admin. Undefined when no registration has the id.
 */
export async function changeAnswers(
  db: Database,
  caller: SignedInAccount,
  registrationId: string,
  given: Record<string, unknown> | undefined,
  timeZone: string,
): Promise<{ answers: Answers | null } | undefined> {
  return db.transaction(async (tx) => {
    const [named] = await tx
      .select({ eventId: registration.eventId, accountId: registration.accountId })
      .from(registration)
      .where(eq(registration.id, registrationId));
    if (!named) return undefined;
    refuseUnlessSelfOrAdmin(caller, named.accountId);
    const found = await lockEventPlaces(tx, named.eventId);
    if (!found) return undefined;
    if (eventStartOf(eventDate(found.date, found.time)) <= wallClockAt(timeZone).slice(0, 16)) {
      throw new AppError('conflict', questionMessages.startedAnswers);
    }
    const answers = answersFor(found.questions, given);
    await tx
      .update(registration)
      .set({ answers })
      .where(and(eq(registration.eventId, named.eventId), eq(registration.accountId, named.accountId)));
    return { answers };
  });
}

/**
 * Whether an export includes answers to sensitive questions: only when asked (`?include=sensitive`),
 * only for admins (403 otherwise), and noted in the export's audit entry.
 */
export function withSensitive(request: FastifyRequest, include: 'sensitive' | undefined): boolean {
  if (include !== 'sensitive') return false;
  if (requireSignedIn(request).role !== 'admin') throw new AppError('forbidden', sensitiveMessages.adminsOnly);
  noteAudit(request, { details: { include: 'sensitive' } });
  return true;
}
