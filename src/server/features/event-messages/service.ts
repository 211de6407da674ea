import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import {
  type EventMessage,
  type EventMessageAudience,
  type EventMessageReach,
  type EventMessageTest,
  type EventMessageWrite,
  eventMessageMessages,
} from '../../../shared/event-messages.ts';
import { wallMinute } from '../../../shared/time-zone.ts';
import type { SignedInAccount } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { account, event, eventMessage, outboxMessage, registration, shift } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordId } from '../../http/record-id.ts';
import { enqueueMail, enqueueMailMany } from '../../mail/registry.ts';
import { keepAfterEventTimes } from './after-event.ts';

/** Copies queued in one transaction: a message to thousands is queued in several short ones. */
const BATCH = 200;

/** A `sendAt` this far behind the server's clock still counts as now (a form sent a moment late). */
const SEND_AT_GRACE_MS = 60_000;

/** The outbox's name for the copies of one message: they are counted by it. */
export const sourceOf = (messageId: string) => `event-message:${messageId}`;

/**
 * The registrations an audience takes in, of one event (and one shift). For the whole event, someone
 * checked in to any of their shifts came: they are not among those who did not.
 */
function audienceOf(eventId: string, audience: EventMessageAudience, shiftId: string | null): SQL {
  // Any registration of the same person at the event checked in (their other shifts), under a name of its own.
  const cameToAnother = sql`exists (select 1 from ${registration} as "other_shift" where "other_shift"."event_id" = ${registration.eventId} and "other_shift"."account_id" = ${registration.accountId} and "other_shift"."checked_in_at" is not null)`;
  const who: Record<EventMessageAudience, SQL | undefined> = {
    registered: eq(registration.status, 'registered'),
    waitlisted: eq(registration.status, 'waitlisted'),
    checkedIn: and(eq(registration.status, 'registered'), isNotNull(registration.checkedInAt)),
    notCheckedIn: and(
      eq(registration.status, 'registered'),
      isNull(registration.checkedInAt),
      shiftId ? undefined : sql`not ${cameToAnother}`,
    ),
    everyone: undefined,
  };
  return and(eq(registration.eventId, eventId), shiftId ? eq(registration.shiftId, shiftId) : undefined, who[audience]) as SQL;
}

/**
 * Who a message to `audience` reaches now: people, once each however many shifts they took, less those
 * who turned event updates off (`leftOut`).
 */
export async function reachOf(
  db: Database,
  eventId: string,
  audience: EventMessageAudience,
  shiftId: string | null,
): Promise<EventMessageReach> {
  const [row] = await db
    .select({
      recipients: sql<number>`count(distinct ${account.id}) filter (where ${account.emailEvents})`.mapWith(Number),
      leftOut: sql<number>`count(distinct ${account.id}) filter (where not ${account.emailEvents})`.mapWith(Number),
    })
    .from(registration)
    .innerJoin(account, eq(account.id, registration.accountId))
    .where(audienceOf(eventId, audience, shiftId));
  return { recipients: row?.recipients ?? 0, leftOut: row?.leftOut ?? 0 };
}

/** The event a message is written for, and the shift named (400 `shiftId` when it is not one of the event's). */
async function eventAndShift(db: Database, eventId: string, shiftId: string | undefined) {
  const id = recordId(eventId);
  const [found] = id ? await db.select({ id: event.id, title: event.title }).from(event).where(eq(event.id, id)) : [];
  if (!found) throw notFound('Event');
  if (shiftId === undefined) return { event: found, shift: null };
  const shiftRecord = recordId(shiftId);
  const [taken] = shiftRecord
    ? await db
        .select({ id: shift.id, role: shift.role, startsAt: shift.startsAt })
        .from(shift)
        .where(and(eq(shift.id, shiftRecord), eq(shift.eventId, found.id)))
    : [];
  if (!taken) throw new AppError('invalid_input', eventMessageMessages.otherShift, { shiftId: eventMessageMessages.otherShift });
  return { event: found, shift: { id: taken.id, role: taken.role, startsAt: wallMinute(taken.startsAt) } };
}

/** Who an audience reaches, for the page before it sends (404 for an unknown event, 400 for a shift of another). */
export async function reachFor(db: Database, eventId: string, audience: EventMessageAudience, shiftId: string | undefined) {
  const found = await eventAndShift(db, eventId, shiftId);
  return reachOf(db, found.event.id, audience, found.shift?.id ?? null);
}

/**
 * Keeps a message to an event's people, to go at `sendAt` (now when absent): the job queues its copies
 * (src/server/features/event-messages/job.ts). Answers at once, however many people it reaches.
 */
export async function createEventMessage(
  db: Database,
  author: SignedInAccount,
  eventId: string,
  write: EventMessageWrite,
  now = new Date(),
) {
  const sendAt = write.sendAt ? new Date(write.sendAt) : now;
  if (sendAt.getTime() < now.getTime() - SEND_AT_GRACE_MS) {
    throw new AppError('invalid_input', eventMessageMessages.pastSendAt, { sendAt: eventMessageMessages.pastSendAt });
  }
  const found = await eventAndShift(db, eventId, write.shiftId);
  const reach = await reachOf(db, found.event.id, write.audience, found.shift?.id ?? null);
  const [row] = await db
    .insert(eventMessage)
    .values({
      eventId: found.event.id,
      shiftId: found.shift?.id ?? null,
      shiftRole: found.shift?.role ?? null,
      shiftStartsAt: found.shift?.startsAt ?? null,
      audience: write.audience,
      subject: write.subject,
      body: write.body,
      authorId: author.id,
      authorName: author.name,
      authorEmail: author.email,
      sendAt,
      recipients: reach.recipients,
      leftOut: reach.leftOut,
    })
    .returning({ id: eventMessage.id, sendAt: eventMessage.sendAt });
  if (!row) throw new Error('event message not stored');
  return { id: row.id, sendAt: row.sendAt, recipients: reach.recipients, event: found.event };
}

/** 'Send me a test': the message to its author only, marked as a test. The address it went to. */
export async function sendTestCopy(db: Database, author: SignedInAccount, eventId: string, test: EventMessageTest): Promise<string> {
  const found = await eventAndShift(db, eventId, undefined);
  await enqueueMail(db, 'event-message', {
    messageId: randomUUID(),
    accountId: author.id,
    to: author.email,
    name: author.name,
    event: found.event,
    author: author.name,
    subject: test.subject,
    body: test.body,
    test: true,
  });
  return author.email;
}

/** The messages of an event, newest first, with how many of each one's copies were sent and failed. */
export async function listEventMessages(db: Database, eventId: string): Promise<EventMessage[] | undefined> {
  const id = recordId(eventId);
  const [found] = id ? await db.select({ id: event.id }).from(event).where(eq(event.id, id)) : [];
  if (!found) return undefined;
  const rows = await db
    .select()
    .from(eventMessage)
    .where(eq(eventMessage.eventId, found.id))
    .orderBy(desc(eventMessage.createdAt), desc(eventMessage.id))
    .limit(500);
  const counts = await copiesByStatus(
    db,
    rows.filter((row) => row.status === 'sending' || row.status === 'sent').map((row) => row.id),
  );
  // Whom a message still to go reaches is counted again: people register, cancel and are checked in meanwhile.
  for (const row of rows) {
    if (row.status !== 'scheduled') continue;
    Object.assign(row, await reachOf(db, row.eventId, row.audience, row.shiftId));
  }
  return rows.map((row) => toEventMessage(row, counts.get(row.id)));
}

/** How many copies of each message the outbox sent (or logged, without SMTP) and could not send. */
async function copiesByStatus(db: Database, ids: string[]) {
  const counts = new Map<string, { sent: number; failed: number }>();
  if (ids.length === 0) return counts;
  const rows = await db
    .select({ source: outboxMessage.source, status: outboxMessage.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(outboxMessage)
    .where(inArray(outboxMessage.source, ids.map(sourceOf)))
    .groupBy(outboxMessage.source, outboxMessage.status);
  for (const row of rows) {
    const id = row.source?.slice(sourceOf('').length) ?? '';
    const count = counts.get(id) ?? { sent: 0, failed: 0 };
    if (row.status === 'sent' || row.status === 'logged') count.sent += row.count;
    if (row.status === 'failed') count.failed += row.count;
    counts.set(id, count);
  }
  return counts;
}

function toEventMessage(row: typeof eventMessage.$inferSelect, copies = { sent: 0, failed: 0 }): EventMessage {
  return {
    _id: row.id,
    subject: row.subject,
    body: row.body,
    audience: row.audience,
    shiftId: row.shiftId,
    shift: row.shiftRole && row.shiftStartsAt ? { role: row.shiftRole, startsAt: row.shiftStartsAt } : null,
    author: { name: row.authorName, email: row.authorEmail },
    kind: row.kind === 'thankYou' || row.kind === 'missedYou' ? row.kind : null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    sendAt: row.sendAt.toISOString(),
    recipients: row.recipients,
    sent: copies.sent,
    failed: copies.failed,
    leftOut: row.leftOut,
  };
}

/**
 * Cancels a message not yet started: 404 when the event has no such message, 409 once it has started
 * (or was cancelled before). The message as it now stands.
 */
export async function cancelEventMessage(db: Database, eventId: string, messageId: string): Promise<EventMessage> {
  const eventRecord = recordId(eventId);
  const messageRecord = recordId(messageId);
  if (!eventRecord || !messageRecord) throw notFound('Message');
  const ofEvent = and(eq(eventMessage.id, messageRecord), eq(eventMessage.eventId, eventRecord));
  const [cancelled] = await db
    .update(eventMessage)
    .set({ status: 'cancelled' })
    .where(and(ofEvent, eq(eventMessage.status, 'scheduled')))
    .returning();
  if (cancelled) return toEventMessage(cancelled);
  const [exists] = await db.select({ id: eventMessage.id }).from(eventMessage).where(ofEvent);
  if (!exists) throw notFound('Message');
  throw new AppError('conflict', eventMessageMessages.notScheduled);
}

/** A message's title for the audit log: its subject, and the event's title. */
export async function messageLabel(db: Database, messageId: string | null) {
  if (!messageId) return null;
  const [found] = await db
    .select({ id: eventMessage.id, subject: eventMessage.subject, title: event.title, audience: eventMessage.audience })
    .from(eventMessage)
    .innerJoin(event, eq(event.id, eventMessage.eventId))
    .where(eq(eventMessage.id, messageId));
  return found ?? null;
}

/**
 * Starts the messages due by `now` (one instance takes each: `scheduled` → `sending` in one statement)
 * and queues the copies of every message `sending`: those just taken and any an instance stopped
 * part-way through. Each copy is keyed `event-message:<message>:<account>`, so however many instances
 * queue it at once, or again after a restart, a person gets one copy. Returns how many copies it queued.
 */
export async function sendDueMessages(db: Database, now = new Date()): Promise<number> {
  await keepAfterEventTimes(db, now);
  await db
    .update(eventMessage)
    .set({ status: 'sending' })
    .where(and(eq(eventMessage.status, 'scheduled'), lte(eventMessage.sendAt, now)));
  const sending = await db
    .select({
      id: eventMessage.id,
      eventId: eventMessage.eventId,
      title: event.title,
      shiftId: eventMessage.shiftId,
      audience: eventMessage.audience,
      subject: eventMessage.subject,
      body: eventMessage.body,
      author: eventMessage.authorName,
      kind: eventMessage.kind,
    })
    .from(eventMessage)
    .innerJoin(event, eq(event.id, eventMessage.eventId))
    .where(eq(eventMessage.status, 'sending'))
    .orderBy(eventMessage.sendAt);
  let queued = 0;
  for (const message of sending) {
    const source = sourceOf(message.id);
    for (;;) {
      const added = await db.transaction(async (tx) => {
        const people = await tx
          .selectDistinct({ id: account.id, email: account.email, name: account.name })
          .from(registration)
          .innerJoin(account, eq(account.id, registration.accountId))
          .where(
            and(
              audienceOf(message.eventId, message.audience, message.shiftId),
              eq(account.emailEvents, true),
              // Those queued already (here, or by another instance) are not queued again.
              sql`not exists (select 1 from ${outboxMessage} where ${outboxMessage.key} = ${`${source}:`} || ${account.id})`,
            ),
          )
          .orderBy(account.id)
          .limit(BATCH);
        const count = await enqueueMailMany(
          tx,
          'event-message',
          people.map((person) => ({
            messageId: message.id,
            accountId: person.id,
            to: person.email,
            name: person.name,
            event: { id: message.eventId, title: message.title },
            author: message.author,
            subject: message.subject,
            body: message.body,
            ...(message.kind === 'thankYou' || message.kind === 'missedYou' ? { kind: message.kind } : {}),
          })),
          source,
        );
        return { count, more: people.length === BATCH };
      });
      queued += added.count;
      if (!added.more) break;
    }
    // Every copy queued: the message is sent, with whom it reached and left out as they were now.
    const reach = await reachOf(db, message.eventId, message.audience, message.shiftId);
    const [copies] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(outboxMessage)
      .where(eq(outboxMessage.source, source));
    await db
      .update(eventMessage)
      .set({ status: 'sent', queuedAt: now, recipients: copies?.count ?? 0, leftOut: reach.leftOut })
      .where(and(eq(eventMessage.id, message.id), eq(eventMessage.status, 'sending')));
  }
  return queued;
}

/**
 * An author's account deleted: the messages they wrote stay in their events' history under their name,
 * with the deleted-account placeholder for their address. How many.
 */
export async function forgetAuthor(tx: Database, accountId: string, placeholder: string): Promise<number> {
  const rows = await tx
    .update(eventMessage)
    .set({ authorId: null, authorEmail: placeholder })
    .where(eq(eventMessage.authorId, accountId))
    .returning({ id: eventMessage.id });
  return rows.length;
}

/**
 * An event deleted: the copies of its messages still waiting in the outbox go with it (its people get
 * the cancellation instead). Copies already sent stay in the outbox's history. How many.
 */
export async function dropQueuedCopies(tx: Database, eventId: string): Promise<number> {
  const rows = await tx
    .delete(outboxMessage)
    .where(
      and(
        eq(outboxMessage.status, 'queued'),
        inArray(
          outboxMessage.source,
          tx
            .select({ source: sql<string>`'event-message:' || ${eventMessage.id}::text` })
            .from(eventMessage)
            .where(eq(eventMessage.eventId, eventId)),
        ),
      ),
    )
    .returning({ id: outboxMessage.id });
  return rows.length;
}
