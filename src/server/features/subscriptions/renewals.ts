import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { isDeletedDonor } from '../../../shared/donations.ts';
import { nextAfterPaid, renewalTries, retryDays } from '../../../shared/subscriptions.ts';
import type { Database } from '../../db/client.ts';
import { subscription } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/registry.ts';
import type { MailSite } from '../../mail/templates/layout.tsx';
import type { CardOutcome } from '../../payments/test-cards.ts';
import type { SavedCharge, TestModeGateway } from '../../payments/test-mode-gateway.ts';
import { charityOf } from '../donations/charity.ts';
import { recordDonation, recordRenewals } from '../donations/service.ts';

export type RenewalOutcome = { outcome: 'paid'; donationId: string } | { outcome: 'failed' | 'ended'; donationId: null };

type Row = typeof subscription.$inferSelect;

const due = (now: Date) => and(inArray(subscription.status, ['active', 'paused']), lte(subscription.nextPaymentAt, now));

/**
 * A due month's payment, keyed by gift, month, change number and try: the same try again is the same
 * payment; after a pause or a new card (a change) the month is tried afresh rather than given its old refusal.
 */
const chargeOf = (row: Row): SavedCharge => ({
  amountCents: row.amountCents,
  currency: row.currency,
  idempotencyKey: `renewal:${row.id}:${row.period}:${row.version}:${row.failedTries}`,
  metadata: {
    accountId: row.accountId ?? '',
    email: row.email,
    eventId: row.eventId ?? '',
    subscriptionId: row.id,
    period: String(row.period),
  },
  paymentMethod: row.paymentMethod,
  last4: row.last4,
});

/**
 * A month refused: the try counted, the donor told and a retry set (three days, then five, then seven);
 * the fourth refusal ends the gift and tells the donor.
 */
async function refused(tx: Database, row: Row, outcome: CardOutcome, site: MailSite, now: Date): Promise<'failed' | 'ended'> {
  const tries = row.failedTries + 1;
  const ended = tries >= renewalTries;
  const retryAt = new Date(now.getTime() + (retryDays[tries - 1] ?? 7) * 86_400_000);
  const [updated] = await tx
    .update(subscription)
    .set(
      ended
        ? { status: 'ended', failedTries: tries, nextPaymentAt: null, pausedUntil: null, endedAt: now }
        : { status: 'active', failedTries: tries, nextPaymentAt: retryAt, pausedUntil: null },
    )
    .where(eq(subscription.id, row.id))
    .returning();
  if (updated && !isDeletedDonor(updated.email)) {
    const mail = {
      charity: charityOf(site),
      subscriptionId: updated.id,
      to: updated.email,
      amountCents: updated.amountCents,
      currency: updated.currency,
      eventTitle: updated.eventTitle,
      nextPaymentAt: updated.nextPaymentAt,
    };
    if (ended) await enqueueMail(tx, 'monthly-gift-ended', mail);
    else {
      const reason = outcome.ok ? undefined : outcome.message;
      await enqueueMail(tx, 'monthly-gift-failed', { ...mail, period: row.period, version: row.version, tries, reason });
    }
  }
  return ended ? 'ended' : 'failed';
}

/**
 * Takes one due monthly payment in test mode, as Stripe takes a subscription's: in one transaction with
 * the gift locked, the payment, its donation and receipt, and the gift moved on to its next month (in
 * recordDonation); or, refused, the try counted. A gift another instance is renewing is skipped (null),
 * and one no longer due is left alone: each month once. For one gift at a time (test-renewal, a new card).
 */
export async function renewGift(
  db: Database,
  gateway: TestModeGateway,
  id: string,
  site: MailSite,
  now = new Date(),
): Promise<RenewalOutcome | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscription)
      .where(and(eq(subscription.id, id), due(now)))
      .for('update', { skipLocked: true });
    if (!row) return null;
    const { payment, outcome } = await gateway.chargeSaved(tx, chargeOf(row));
    if (outcome.ok) return { outcome: 'paid', donationId: await recordDonation(tx, payment, site) };
    return { outcome: await refused(tx, row, outcome, site, now), donationId: null };
  });
}

/**
 * Up to `size` due gifts at once, in one transaction: locked (skipping those another instance holds),
 * charged in one insert, their donations and receipts recorded in one insert each, and moved on to their
 * next month in one update; a refused one is counted as renewGift counts it. What renewGift does for one,
 * in a handful of statements for hundreds (10,000 gifts due on one day took 38 ms each one by one).
 * The ids it took, or none when nothing is due.
 */
export async function renewBatch(db: Database, gateway: TestModeGateway, site: MailSite, now: Date, size: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(subscription)
      .where(due(now))
      .orderBy(asc(subscription.nextPaymentAt))
      .limit(size)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    const charged = await gateway.chargeSavedMany(tx, rows.map(chargeOf));
    const paid = rows.flatMap((row, i) => (charged[i]?.outcome.ok ? [{ row, payment: charged[i].payment }] : []));
    await recordRenewals(
      tx,
      paid.map((p) => p.payment),
      site,
    );
    // Each gift whose month is paid (and so recorded, now or by an earlier try of the same payment) moves to
    // its next: one statement for all, each with its own date.
    const moves = paid.map(({ row, payment }) => {
      const anchor = row.anchorAt ?? now;
      return sql`(${row.id}::uuid, ${anchor.toISOString()}::timestamptz, ${nextAfterPaid(anchor, row.nextPaymentAt, now).toISOString()}::timestamptz, ${payment.last4 ?? row.last4})`;
    });
    if (moves.length > 0) {
      await tx.execute(sql`
        update ${subscription} as s
        set period = s.period + 1, anchor_at = v.anchor, next_payment_at = v.next, last4 = v.last4,
            failed_tries = 0, status = 'active', paused_until = null, updated_at = now()
        from (values ${sql.join(moves, sql`, `)}) as v(id, anchor, next, last4)
        where s.id = v.id`);
    }
    for (const [i, row] of rows.entries()) {
      const outcome = charged[i]?.outcome;
      if (outcome && !outcome.ok) await refused(tx, row, outcome, site, now);
    }
    return rows.map((row) => row.id);
  });
}

/**
 * Every monthly payment due by `now`, 100 gifts to a transaction, oldest due first: how many were taken
 * or refused. A batch that fails is taken again gift by gift, so one gift that cannot be renewed (a lock
 * conflict, a row gone) does not hold up the rest.
 */
export async function renewDue(
  db: Database,
  gateway: TestModeGateway,
  site: MailSite,
  now = new Date(),
  onGiftFailure: (err: unknown, subscriptionId: string) => void = (err) => {
    throw err;
  },
  size = 100,
  pauseMs = 20,
): Promise<number> {
  let done = 0;
  for (;;) {
    let taken: string[];
    try {
      taken = await renewBatch(db, gateway, site, now, size);
    } catch {
      // One by one, each on its own: the gifts due now, which the failed batch left as they were.
      const batch = await db
        .select({ id: subscription.id })
        .from(subscription)
        .where(due(now))
        .orderBy(asc(subscription.nextPaymentAt))
        .limit(size);
      taken = [];
      for (const { id } of batch) {
        const result = await renewGift(db, gateway, id, site, now).catch((err: unknown) => onGiftFailure(err, id));
        if (result) taken.push(id);
      }
    }
    done += taken.length;
    // Nothing left, or what is left is another instance's to renew.
    if (taken.length < size) return done;
    // A breath between batches, so the site's own reads (waiting behind a batch on the embedded database) go first.
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

/** POST /api/subscriptions/{id}/test-renewal: the next payment due now, and taken. */
export async function renewNow(db: Database, gateway: TestModeGateway, id: string, site: MailSite, now = new Date()) {
  await db
    .update(subscription)
    .set({ nextPaymentAt: now })
    .where(and(eq(subscription.id, id), inArray(subscription.status, ['active', 'paused'])));
  return renewGift(db, gateway, id, site, now);
}
