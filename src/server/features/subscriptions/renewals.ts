import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { isDeletedDonor } from '../../../shared/donations.ts';
import { renewalTries, retryDays } from '../../../shared/subscriptions.ts';
import type { Database } from '../../db/client.ts';
import { subscription } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/registry.ts';
import type { MailSite } from '../../mail/templates/layout.tsx';
import type { TestModeGateway } from '../../payments/test-mode-gateway.ts';
import { charityOf } from '../donations/charity.ts';
import { recordDonation } from '../donations/service.ts';

export type RenewalOutcome = { outcome: 'paid'; donationId: string } | { outcome: 'failed' | 'ended'; donationId: null };

const due = (now: Date) => and(inArray(subscription.status, ['active', 'paused']), lte(subscription.nextPaymentAt, now));

/**
 * Takes one due monthly payment in test mode, as Stripe takes a subscription's: in one transaction with
 * the gift locked, the payment (keyed by gift, month and try), its donation and receipt, and the gift
 * moved on to its next month; or, refused, the try counted, the donor told and a retry set (three days,
 * then five, then seven), and after the fourth refusal the gift ended and the donor told. A gift another
 * instance is renewing is skipped (null), and one no longer due is left alone: each month once.
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
    const { payment, outcome } = await gateway.chargeSaved(tx, {
      amountCents: row.amountCents,
      currency: row.currency,
      // The change number too: after a pause or a new card, the month is tried afresh rather than given its old refusal.
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
    if (outcome.ok) return { outcome: 'paid', donationId: await recordDonation(tx, payment, site) };
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
      else
        await enqueueMail(tx, 'monthly-gift-failed', { ...mail, period: row.period, version: row.version, tries, reason: outcome.message });
    }
    return { outcome: ended ? 'ended' : 'failed', donationId: null };
  });
}

/** Every monthly payment due by `now`, a batch at a time, oldest due first: how many were taken or refused. */
export async function renewDue(
  db: Database,
  gateway: TestModeGateway,
  site: MailSite,
  now = new Date(),
  onGiftFailure: (err: unknown, subscriptionId: string) => void = (err) => {
    throw err;
  },
): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await db
      .select({ id: subscription.id })
      .from(subscription)
      .where(due(now))
      .orderBy(asc(subscription.nextPaymentAt))
      .limit(500);
    let renewed = 0;
    for (const { id } of batch) {
      // One gift that cannot be renewed (a lock conflict, a row gone) does not hold up the rest.
      const result = await renewGift(db, gateway, id, site, now).catch((err: unknown) => onGiftFailure(err, id));
      if (result) renewed++;
    }
    done += renewed;
    // Nothing left, or what is left is another instance's to renew.
    if (batch.length < 500 || renewed === 0) return done;
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
