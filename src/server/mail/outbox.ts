import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
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
/** How long a claimed message is held by the instance sending it before another may take it over. */
export const CLAIM_SECONDS = 120;

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
 * Takes up to `limit` messages that are due, for this instance alone: `FOR UPDATE SKIP LOCKED`
 * lets several instances claim at once without ever taking the same message, and a claim that
 * outlives its holder (a killed process) lapses after CLAIM_SECONDS.
 */
export async function claimDue(db: Database, limit: number): Promise<OutboxRow[]> {
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
      .orderBy(asc(outboxMessage.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outboxMessage)
      .set({
        status: 'sending',
        attempts: sql`${outboxMessage.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
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
 * attachments and headers (they carry the name, the address and links with tokens); the address
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
      lastError: sql`replace(${outboxMessage.lastError}, ${address}, ${placeholder})`,
    })
    .where(eq(outboxMessage.to, address))
    .returning({ id: outboxMessage.id });
  return { dropped: dropped.length, kept: kept.length };
}
