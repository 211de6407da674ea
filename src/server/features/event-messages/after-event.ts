import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type AfterEventState, afterEventMessages, eventMessageMessages } from '../../../shared/event-messages.ts';
import { dayAfter, instantOf } from '../../../shared/time-zone.ts';
import type { SignedInAccount } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { event, eventMessage, registration, shift } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordId } from '../../http/record-id.ts';
import { mailWords } from '../../mail/templates/layout.tsx';
import { readSiteSettings } from '../site/settings.ts';

/**
 * The after-event messages (issue 34, docs/decisions/053): two scheduled event messages, `thankYou` to
 * those checked in and `missedYou` to those registered and not checked in, the day after the event's
 * last day at 10:00 on the site's clock. They follow the event: a date moved moves them (each run of the
 * job). The 'missed you' is not sent for an event where nobody was checked in: nobody can tell who came.
 */

export const afterEventKinds = ['thankYou', 'missedYou'] as const;
export type AfterEventKind = (typeof afterEventKinds)[number];

const SEND_AT = '10:00';
/** Past its time by more than this (the server was down for a week), they are not sent at all. */
const LATEST_MS = 7 * 86_400_000;

/** The event's last day (its date, its end's, its last shift's end's) and when its after-event messages go. */
async function afterEventTimes(db: Database, eventIds: string[], timeZone: string) {
  if (eventIds.length === 0) return new Map<string, { title: string; sendAt: Date }>();
  const rows = await db
    .select({
      id: event.id,
      title: event.title,
      lastDay: sql<string>`greatest(${event.date}, coalesce(${event.endAt}::date, ${event.date}), coalesce((select max(${shift.endsAt})::date from ${shift} where ${shift.eventId} = ${event.id}), ${event.date}))::text`,
    })
    .from(event)
    .where(inArray(event.id, eventIds));
  return new Map(rows.map((row) => [row.id, { title: row.title, sendAt: instantOf(`${dayAfter(row.lastDay)}T${SEND_AT}`, timeZone) }]));
}

async function anyoneCheckedIn(db: Database, eventId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: registration.id })
    .from(registration)
    .where(and(eq(registration.eventId, eventId), isNotNull(registration.checkedInAt)))
    .limit(1);
  return Boolean(found);
}

/** The English words kept on the message for the history (each copy is written in its reader's language). */
function wordsOf(kind: AfterEventKind, title: string) {
  const t = mailWords({ language: 'en' });
  return { subject: t(`eventMessage.${kind}.subject`, { title }), body: t(`eventMessage.${kind}.body`, { title }) };
}

/**
 * Before each run of the job: the scheduled after-event messages follow their event's date; those due for
 * an event where nobody was checked in leave the 'missed you' out; those past their time by a week go
 * no more.
 */
export async function keepAfterEventTimes(db: Database, now: Date): Promise<void> {
  const scheduled = await db
    .select({ id: eventMessage.id, eventId: eventMessage.eventId, kind: eventMessage.kind, sendAt: eventMessage.sendAt })
    .from(eventMessage)
    .where(and(isNotNull(eventMessage.kind), eq(eventMessage.status, 'scheduled')));
  if (scheduled.length === 0) return;
  const { timeZone } = await readSiteSettings(db);
  const times = await afterEventTimes(db, [...new Set(scheduled.map((row) => row.eventId))], timeZone);
  for (const row of scheduled) {
    const due = times.get(row.eventId)?.sendAt;
    if (!due) continue;
    const stillScheduled = and(eq(eventMessage.id, row.id), eq(eventMessage.status, 'scheduled'));
    const late = now.getTime() > due.getTime() + LATEST_MS;
    const unknowable = row.kind === 'missedYou' && due <= now && !(await anyoneCheckedIn(db, row.eventId));
    if (late || unknowable) await db.update(eventMessage).set({ status: 'cancelled' }).where(stillScheduled);
    else if (row.sendAt.getTime() !== due.getTime()) await db.update(eventMessage).set({ sendAt: due }).where(stillScheduled);
  }
}

/** Where an event's after-event messages stand. */
export async function afterEventState(db: Database, eventId: string): Promise<AfterEventState | undefined> {
  const id = recordId(eventId);
  if (!id) return undefined;
  const { timeZone } = await readSiteSettings(db);
  const due = (await afterEventTimes(db, [id], timeZone)).get(id);
  if (!due) return undefined;
  const rows = await db
    .select({ kind: eventMessage.kind, status: eventMessage.status, sendAt: eventMessage.sendAt })
    .from(eventMessage)
    .where(and(eq(eventMessage.eventId, id), isNotNull(eventMessage.kind)));
  const of = (kind: AfterEventKind) => rows.find((row) => row.kind === kind);
  const thanks = of('thankYou');
  const gone = (status: string | undefined) => status === 'sending' || status === 'sent';
  const status: AfterEventState['status'] = rows.some((row) => row.status === 'scheduled')
    ? 'scheduled'
    : gone(thanks?.status)
      ? of('missedYou')?.status === 'cancelled'
        ? 'skipped'
        : 'sent'
      : 'off';
  return { enabled: status !== 'off', sendAt: (thanks && status !== 'off' ? thanks.sendAt : due.sendAt).toISOString(), status };
}

/**
 * Turns an event's after-event messages on (two scheduled messages, or the cancelled ones scheduled
 * again) or off (cancelled). 409 to turn them on once the day after has passed by a week, or off once
 * they went.
 */
export async function setAfterEvent(db: Database, author: SignedInAccount, eventId: string, enabled: boolean, now = new Date()) {
  const id = recordId(eventId);
  const { timeZone } = await readSiteSettings(db);
  const due = id ? (await afterEventTimes(db, [id], timeZone)).get(id) : undefined;
  if (!id || !due) throw notFound('Event');
  const ofEvent = and(eq(eventMessage.eventId, id), isNotNull(eventMessage.kind));
  const rows = await db.select({ status: eventMessage.status }).from(eventMessage).where(ofEvent);
  const gone = rows.some((row) => row.status === 'sending' || row.status === 'sent');
  if (enabled && !gone) {
    if (now.getTime() > due.sendAt.getTime() + LATEST_MS) throw new AppError('conflict', afterEventMessages.tooLate);
    await db
      .update(eventMessage)
      .set({ status: 'scheduled', sendAt: due.sendAt })
      .where(and(ofEvent, eq(eventMessage.status, 'cancelled')));
    const audiences = { thankYou: 'checkedIn', missedYou: 'notCheckedIn' } as const;
    await db
      .insert(eventMessage)
      .values(
        afterEventKinds.map((kind) => ({
          eventId: id,
          kind,
          audience: audiences[kind],
          ...wordsOf(kind, due.title),
          authorId: author.id,
          authorName: author.name,
          authorEmail: author.email,
          sendAt: due.sendAt,
        })),
      )
      .onConflictDoNothing();
  }
  if (!enabled) {
    if (gone) throw new AppError('conflict', eventMessageMessages.notScheduled);
    await db
      .update(eventMessage)
      .set({ status: 'cancelled' })
      .where(and(ofEvent, eq(eventMessage.status, 'scheduled')));
  }
  return (await afterEventState(db, id)) as AfterEventState;
}
