import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { donation } from '../../db/schema.ts';

export interface Progress {
  /** Cents raised in the site's currency, refunds left out. */
  raised: number;
  /** People who gave them (by account, or by email for donations whose account has gone). */
  donors: number;
}

const none: Progress = { raised: 0, donors: 0 };

/**
 * What each event has raised, read for a page's events at once through the (event_id, currency) index
 * of donations not refunded. Only donations in `currency` count: amounts are never added across currencies.
 */
export async function donationProgress(db: Database, eventIds: string[], currency: string): Promise<Map<string, Progress>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({
      eventId: donation.eventId,
      raised: sql<string>`coalesce(sum(${donation.amountCents}), 0)`,
      donors: sql<number>`count(distinct coalesce(${donation.accountId}, ${donation.email}))`.mapWith(Number),
      gifts: count(),
    })
    .from(donation)
    .where(and(inArray(donation.eventId, eventIds), eq(donation.currency, currency), isNull(donation.refundedAt)))
    .groupBy(donation.eventId);
  return new Map(rows.map((row) => [row.eventId ?? '', { raised: Number(row.raised), donors: row.donors }]));
}

export const progressOf = (progress: Map<string, Progress>, eventId: string): Progress => progress.get(eventId) ?? none;
