import { and, asc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { deletedDonorDomain } from '../../shared/donations.ts';
import type { Database } from '../db/client.ts';
import { outboxMessage } from '../db/schema.ts';

export interface Attachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  content: string;
  /** For a picture shown in the message itself (`<img src="cid:…">`): its content id. */
  cid?: string;
}

export interface OutgoingMessage {
  /** Once per cause: `registration-confirmed:<id>`. A second message with the same key is ignored. */
  key: string;
  /** What kind of message: `verify-email`, `registration-confirmed`, … */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: Attachment[];
  headers?: Record<string, string>;
}

export type OutboxRow = typeof outboxMessage.$inferSelect;

/** Tries before a message is marked failed. */
export const MAX_ATTEMPTS = 8;
/**
 * How long a claim holds before another instance may take the message over. The worker renews the
 * claims it still holds every third of this while it works, so a slow server does not lose it its
 * messages; a killed worker's messages wait at most this long.
 */
export const CLAIM_SECONDS = 30;

/** A message whose account was deleted: its address is the account's placeholder, where nothing can be sent. */
const toDeletedAccount = sql`${outboxMessage.to} like ${`%@${deletedDonorDomain}`}`;

export function retryDelaySeconds(attempts: number, delays: number[]): number {
  return delays[Math.min(attempts - 1, delays.length - 1)] ?? 60;
}

/**
 * Queues a message. Call it with the transaction of the change that causes the message, so both are
 * kept or neither is. Returns false when a message with this key was queued before.
 */
export async function enqueue(db: Database, message: OutgoingMessage): Promise<boolean> {
  const inserted = await db
    .insert(outboxMessage)
    .values({
      key: message.key,
      kind: message.kind,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: JSON.stringify(message.attachments ?? []),
      headers: JSON.stringify(message.headers ?? {}),
    })
    .onConflictDoNothing({ target: outboxMessage.key })
    .returning({ id: outboxMessage.id });
  return inserted.length > 0;
}

/**
 * Queues a message its template writes later (src/server/mail/registry.ts): the row holds the
 * template's input, not yet its body. The same guarantees as `enqueue`.
 */
export async function enqueueUnwritten(db: Database, message: UnwrittenMessage): Promise<boolean> {
  return (await enqueueUnwrittenMany(db, [message])) > 0;
}

/** A message as queued, before the worker writes it; `source` names the message to many it is a copy of. */
export interface UnwrittenMessage {
  key: string;
  kind: string;
  to: string;
  subject: string;
  input: string;
  source?: string;
}

/** Queues several at once, in one statement (keys already queued are skipped): how many were new. */
export async function enqueueUnwrittenMany(db: Database, messages: UnwrittenMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const inserted = await db
    .insert(outboxMessage)
    .values(messages.map((message) => ({ ...message, html: '', text: '' })))
    .onConflictDoNothing({ target: outboxMessage.key })
    .returning({ id: outboxMessage.id });
  return inserted.length;
}

/**
 * Keeps the written message on its row, as every try and 'Send again' send it, and drops the input:
 * it is written once. Not over a row whose input went meanwhile (its account was deleted): then
 * nothing is returned, else the row as written.
 */
export async function markWritten(db: Database, id: string, message: OutgoingMessage): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outboxMessage)
    .set({
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: JSON.stringify(message.attachments ?? []),
      headers: JSON.stringify(message.headers ?? {}),
      input: null,
    })
    .where(and(eq(outboxMessage.id, id), isNotNull(outboxMessage.input)))
    .returning();
  return row;
}

/** A message its template could not write: failed at once, with the error, so the queue goes on. */
export async function markUnwritable(db: Database, id: string, error: string) {
  await db
    .update(outboxMessage)
    .set({ status: 'failed', lockedUntil: null, lastError: `could not write the message: ${error}`.slice(0, 1000) })
    .where(eq(outboxMessage.id, id));
}

/**
 * Takes up to `limit` messages that are due, for this instance alone: `FOR UPDATE SKIP LOCKED`
 * lets several instances claim at once without ever taking the same message, and a claim that
 * outlives its holder (a killed process) lapses after CLAIM_SECONDS.
 */
export async function claimDue(db: Database, limit: number, claimSeconds = CLAIM_SECONDS): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outboxMessage.id })
      .from(outboxMessage)
      .where(
        or(
          and(eq(outboxMessage.status, 'queued'), lte(outboxMessage.nextAttemptAt, sql`now()`)),
          and(eq(outboxMessage.status, 'sending'), lt(outboxMessage.lockedUntil, sql`now()`)),
        ),
      )
      // A message to one person (a password reset, a receipt) before the copies of a message to many:
      // a message to an event's 2,000 people does not hold up the next sign-in link for its 20 s.
      .orderBy(sql`${outboxMessage.source} is not null`, asc(outboxMessage.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outboxMessage)
      .set({
        status: 'sending',
        attempts: sql`${outboxMessage.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${claimSeconds})`,
      })
      .where(
        inArray(
          outboxMessage.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Extends the claims this instance still holds (messages still 'sending'); returns how many it holds. */
export async function renewClaims(db: Database, ids: string[], claimSeconds = CLAIM_SECONDS): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(outboxMessage)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${claimSeconds})` })
    .where(and(inArray(outboxMessage.id, ids), eq(outboxMessage.status, 'sending')))
    .returning({ id: outboxMessage.id });
  return rows.length;
}

/**
 * Gives back claimed messages not sent (an orderly stop): queued again, due now, the claim's try not
 * counted, so a deploy delays none of them.
 */
export async function releaseClaims(db: Database, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(outboxMessage)
    .set({ status: 'queued', attempts: sql`greatest(${outboxMessage.attempts} - 1, 0)`, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(inArray(outboxMessage.id, ids), eq(outboxMessage.status, 'sending')))
    .returning({ id: outboxMessage.id });
  return rows.length;
}

export async function markSent(db: Database, id: string, status: 'sent' | 'logged') {
  await db.update(outboxMessage).set({ status, sentAt: sql`now()`, lockedUntil: null, lastError: null }).where(eq(outboxMessage.id, id));
}

/** A failed try: retried after a growing wait, or marked failed after MAX_ATTEMPTS. */
export async function markFailed(db: Database, row: OutboxRow, error: string, retryDelaysS: number[]) {
  const giveUp = row.attempts >= MAX_ATTEMPTS;
  await db
    .update(outboxMessage)
    .set({
      // A message whose account was deleted while it was being sent is not tried again.
      status: giveUp ? 'failed' : sql`(case when ${toDeletedAccount} then 'failed' else 'queued' end)::outbox_status`,
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts, retryDelaysS)})`,
    })
    .where(eq(outboxMessage.id, row.id));
}

/**
 * 'Send again': back to the queue, due now, with its tries counted afresh. Not a message being sent,
 * nor one whose account was deleted (it has no address any more).
 */
export async function sendAgain(db: Database, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outboxMessage)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(outboxMessage.id, id), sql`${outboxMessage.status} <> 'sending'`, sql`not ${toDeletedAccount}`))
    .returning();
  return row;
}

/**
 * Erasure reaches the outbox (docs/decisions/035-erasure-reaches-the-outbox.md): when an account is
 * deleted, mail not yet sent to its address goes, and every message kept in the history names
 * `placeholder` (the deleted account's address on its donations) instead, without its body,
 * attachments, headers and the input of a message not yet written (they carry the name, the address
 * and links with tokens); the address
 * leaves the last error too. Subjects stay: they name events, amounts and the site, not the person.
 */
export async function forgetRecipient(db: Database, address: string, placeholder: string) {
  const dropped = await db
    .delete(outboxMessage)
    .where(and(eq(outboxMessage.to, address), inArray(outboxMessage.status, ['queued', 'failed'])))
    .returning({ id: outboxMessage.id });
  const kept = await db
    .update(outboxMessage)
    .set({
      to: placeholder,
      html: '',
      text: '',
      attachments: '[]',
      headers: '{}',
      input: null,
      lastError: sql`replace(${outboxMessage.lastError}, ${address}, ${placeholder})`,
    })
    .where(eq(outboxMessage.to, address))
    .returning({ id: outboxMessage.id });
  return { dropped: dropped.length, kept: kept.length };
}
