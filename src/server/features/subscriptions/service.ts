import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, getTableColumns, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { isDeletedDonor } from '../../../shared/donations.ts';
import { moneyDecimal } from '../../../shared/money.ts';
import {
  monthsAfter,
  monthsToNextAfter,
  type Subscription,
  type SubscriptionChange,
  type SubscriptionListQuery,
  type SubscriptionStatus,
  subscriptionMessages,
  subscriptionStatuses,
} from '../../../shared/subscriptions.ts';
import type { SignedInAccount } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { after, cursorFrom, cursorKey, EXPORT_PAGE, type KeyValue, newestFirst, nextCursor, orderOf, sortKeysOf } from '../../db/cursor.ts';
import { subscription } from '../../db/schema.ts';
import { contains } from '../../db/search.ts';
import { AppError, notFound } from '../../errors.ts';
import { csvPages } from '../../http/csv.ts';
import { enqueueMail } from '../../mail/registry.ts';
import type { MailSite } from '../../mail/templates/layout.tsx';
import type { GiftChange } from '../../mail/templates/monthly-gift.tsx';
import type { PaymentGateway, PaymentNotification } from '../../payments/gateway.ts';
import type { TestCard } from '../../payments/test-mode-gateway.ts';
import { charityOf } from '../donations/charity.ts';
import { chargeableAmount, refuseUnlessOpenForGifts, startedPayment } from '../donations/service.ts';
import { manageToken } from './manage-link.ts';

type Row = typeof subscription.$inferSelect;

export function toSubscription(row: Row): Subscription {
  return {
    _id: row.id,
    amount: row.amountCents,
    currency: row.currency,
    // An incomplete gift is never shown: its first payment did not go through.
    status: row.status as SubscriptionStatus,
    nextPaymentAt: row.nextPaymentAt?.toISOString() ?? null,
    eventId: row.eventId,
    event: row.eventTitle,
    email: row.email,
    last4: row.last4,
    pausedUntil: row.status === 'paused' ? (row.pausedUntil?.toISOString() ?? null) : null,
    paymentFailing: row.failedTries > 0 && row.status === 'active',
    payments: row.period - 1,
    startedAt: (row.anchorAt ?? row.createdAt).toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

const shown = ne(subscription.status, 'incomplete');
const running = (row: Row) => row.status === 'active' || row.status === 'paused';

/**
 * POST /api/subscriptions: a monthly gift for the caller, and its first payment to confirm as a single
 * donation's is. The gift is kept `incomplete` until that payment is recorded (POST /api/payment, or the
 * provider's notice), which makes it active. The same attempt again gives the same gift and payment.
 */
export async function startSubscription(
  db: Database,
  gateway: PaymentGateway,
  donor: SignedInAccount,
  input: { amount: number; eventId?: string; attemptId?: string; installationAmount: number },
) {
  const { amountCents, currency } = await chargeableAmount(db, input.amount, input.installationAmount);
  const ev = input.eventId ? await refuseUnlessOpenForGifts(db, input.eventId) : null;
  const attemptId = input.attemptId ?? randomUUID();
  const startKey = `${donor.id}:${attemptId}:${amountCents}:${currency}:${input.eventId ?? ''}`;
  await db
    .insert(subscription)
    .values({
      accountId: donor.id,
      email: donor.email,
      amountCents,
      currency,
      eventId: input.eventId ?? null,
      eventTitle: ev?.title ?? null,
      gateway: gateway.mode,
      startKey,
    })
    .onConflictDoNothing({ target: subscription.startKey });
  const [gift] = await db.select().from(subscription).where(eq(subscription.startKey, startKey));
  if (!gift) throw new Error('monthly gift not stored');
  const metadata = { accountId: donor.id, email: donor.email, eventId: input.eventId ?? '', subscriptionId: gift.id };
  let created: { id: string; clientSecret: string };
  if (gateway.subscriptions) {
    // Stripe keeps the gift and bills it: its first invoice's payment is confirmed in the browser as a donation's is.
    const started = await gateway.subscriptions.start({
      amountCents,
      currency,
      email: donor.email,
      idempotencyKey: `subscription:${gift.id}`,
      metadata,
    });
    await db.update(subscription).set({ gatewayId: started.gatewayId }).where(eq(subscription.id, gift.id));
    created = { id: started.paymentId, clientSecret: started.clientSecret };
  } else {
    created = await gateway.createPayment({
      amountCents,
      currency,
      idempotencyKey: `subscription:${gift.id}:1`,
      metadata: { ...metadata, period: '1' },
    });
  }
  return { ...startedPayment(gateway, created, amountCents, currency), subscriptionId: gift.id };
}

/** Who acts on a gift: its donor or an admin signed in, or whoever holds a manage link for it. */
export type Actor = { caller: SignedInAccount } | { link: true };

/** The gift, when the actor may see it: anyone else's is 404, as if there were none. */
function refuseUnlessTheirs(row: Row | undefined, actor: Actor): Row {
  if (!row || row.status === 'incomplete') throw notFound('Monthly gift');
  if ('caller' in actor && row.accountId !== actor.caller.id && actor.caller.role !== 'admin') throw notFound('Monthly gift');
  return row;
}

/** Another's gift, by an admin: they may cancel it, never change it. */
const byCharity = (row: Row, actor: Actor) => 'caller' in actor && row.accountId !== actor.caller.id;

export async function findSubscription(db: Database, id: string, actor: Actor): Promise<Subscription> {
  const [row] = await db.select().from(subscription).where(eq(subscription.id, id));
  return toSubscription(refuseUnlessTheirs(row, actor));
}

export async function listSubscriptionsOf(db: Database, accountId: string): Promise<Subscription[]> {
  const rows = await db
    .select()
    .from(subscription)
    .where(and(eq(subscription.accountId, accountId), shown))
    .orderBy(desc(subscription.createdAt), desc(subscription.id));
  return rows.map(toSubscription);
}

function giftMail(row: Row, site: MailSite) {
  return {
    charity: charityOf(site),
    subscriptionId: row.id,
    to: row.email,
    amountCents: row.amountCents,
    currency: row.currency,
    eventTitle: row.eventTitle,
    nextPaymentAt: row.nextPaymentAt,
  };
}

/** Each change is confirmed by email, once (its key is the gift's change number). */
async function confirmChange(tx: Database, row: Row, change: GiftChange, site: MailSite, previousAmountCents?: number) {
  if (isDeletedDonor(row.email)) return;
  await enqueueMail(tx, 'monthly-gift-changed', { ...giftMail(row, site), change, version: row.version, previousAmountCents });
}

/**
 * PUT /api/subscriptions/{id} and through a manage link: a new amount, a pause of 1 to 3 months (the
 * next payments skipped; it takes payments again on the day of the month it began), resume, or cancel.
 * An admin may cancel anyone's gift but change none. Cancelling again changes nothing.
 */
export async function changeSubscription(
  db: Database,
  gateway: PaymentGateway,
  id: string,
  change: SubscriptionChange,
  actor: Actor,
  site: MailSite,
  installationAmount: number,
  now = new Date(),
): Promise<Subscription> {
  // The amount is checked against the settings before the gift is locked.
  const amount = 'amount' in change ? await chargeableAmount(db, change.amount, installationAmount) : null;
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(subscription).where(eq(subscription.id, id)).for('update');
    const row = refuseUnlessTheirs(found, actor);
    const action = 'action' in change ? change.action : 'amount';
    if (action !== 'cancel' && byCharity(row, actor)) throw new AppError('forbidden', subscriptionMessages.notYours);
    const provider = row.gatewayId ? gateway.subscriptions : undefined;
    const key = `gift:${row.id}:${row.version + 1}`;
    if (action === 'cancel') {
      if (!running(row)) return toSubscription(row);
      // Stopped at the provider first: a gift marked cancelled here is never charged there.
      if (provider && row.gatewayId) await provider.cancel(row.gatewayId);
      const [updated] = await tx
        .update(subscription)
        .set({
          status: 'cancelled',
          nextPaymentAt: null,
          pausedUntil: null,
          endedAt: now,
          endedBy: byCharity(row, actor) && 'caller' in actor ? actor.caller.id : null,
          version: row.version + 1,
        })
        .where(eq(subscription.id, id))
        .returning();
      if (!updated) throw new Error('monthly gift not updated');
      await confirmChange(tx, updated, byCharity(row, actor) ? 'cancelledByCharity' : 'cancelled', site);
      return toSubscription(updated);
    }
    if (!running(row)) throw new AppError('conflict', subscriptionMessages.over);
    const anchor = row.anchorAt ?? row.createdAt;
    let set: Partial<Row>;
    if (amount) {
      if (amount.currency !== row.currency) throw new AppError('conflict', subscriptionMessages.otherCurrency);
      if (amount.amountCents === row.amountCents) return toSubscription(row);
      if (provider && row.gatewayId) await provider.setAmount(row.gatewayId, amount.amountCents, row.currency, key);
      set = { amountCents: amount.amountCents };
    } else if (action === 'pause') {
      if (row.status === 'paused') throw new AppError('conflict', subscriptionMessages.alreadyPaused);
      const months = 'months' in change ? change.months : undefined;
      if (!months) throw new AppError('invalid_input', subscriptionMessages.pauseMonths, { months: subscriptionMessages.pauseMonths });
      // The next `months` payments are skipped: a refused one waiting for its retry, or one due and not yet
      // taken, is the first of them.
      const owed = row.failedTries > 0 || (row.nextPaymentAt !== null && row.nextPaymentAt <= now);
      const resumes = monthsAfter(anchor, monthsToNextAfter(anchor, now) + months - (owed ? 1 : 0));
      if (provider && row.gatewayId) await provider.pause(row.gatewayId, resumes, key);
      set = { status: 'paused', pausedUntil: resumes, nextPaymentAt: resumes, failedTries: 0 };
    } else {
      if (row.status !== 'paused') throw new AppError('conflict', subscriptionMessages.notPaused);
      if (provider && row.gatewayId) await provider.pause(row.gatewayId, null, key);
      set = { status: 'active', pausedUntil: null, nextPaymentAt: monthsAfter(anchor, monthsToNextAfter(anchor, now)) };
    }
    const [updated] = await tx
      .update(subscription)
      .set({ ...set, version: row.version + 1 })
      .where(eq(subscription.id, id))
      .returning();
    if (!updated) throw new Error('monthly gift not updated');
    await confirmChange(tx, updated, amount ? 'amount' : action === 'pause' ? 'paused' : 'resumed', site, row.amountCents);
    return toSubscription(updated);
  });
}

/**
 * POST /api/subscriptions/{id}/card (test mode): the card later payments are taken from, checked as Stripe
 * checks a card it saves. A gift whose payment was refused is charged again at once with it (`retryNow`).
 */
export async function changeCard(
  db: Database,
  gateway: { saveCard(card: TestCard): { ok: true; paymentMethod: string } | { ok: false; message: string } },
  id: string,
  card: TestCard,
  actor: Actor,
  site: MailSite,
  now = new Date(),
): Promise<{ gift: Subscription; retryNow: boolean }> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(subscription).where(eq(subscription.id, id)).for('update');
    const row = refuseUnlessTheirs(found, actor);
    if (byCharity(row, actor)) throw new AppError('forbidden', subscriptionMessages.notYours);
    if (!running(row)) throw new AppError('conflict', subscriptionMessages.over);
    const saved = gateway.saveCard(card);
    if (!saved.ok) throw new AppError('invalid_input', saved.message, { 'card.number': saved.message });
    const retryNow = row.status === 'active' && row.failedTries > 0;
    const [updated] = await tx
      .update(subscription)
      .set({
        paymentMethod: saved.paymentMethod,
        last4: card.number.slice(-4),
        version: row.version + 1,
        ...(retryNow ? { nextPaymentAt: now } : {}),
      })
      .where(eq(subscription.id, id))
      .returning();
    if (!updated) throw new Error('monthly gift not updated');
    await confirmChange(tx, updated, 'card', site);
    return { gift: toSubscription(updated), retryNow };
  });
}

/**
 * What the provider says of a monthly gift besides a month paid (which records a donation): a month
 * refused (the tries so far and the next, the donor told with the provider's page to pay it with another
 * card) or the gift stopped (after its last retry: ended, the donor told; one cancelled here stays so).
 * In the transaction of the notice's marker, so each is handled once.
 */
export async function giftNotice(tx: Database, notice: PaymentNotification, site: MailSite, now = new Date()) {
  const failed = notice.renewalFailed;
  const ended = notice.subscriptionEnded;
  const gatewayId = failed?.gatewayId ?? ended?.gatewayId;
  if (!gatewayId) return;
  const [row] = await tx.select().from(subscription).where(eq(subscription.gatewayId, gatewayId)).for('update');
  if (!row || !running(row)) return;
  if (failed) {
    const [updated] = await tx
      .update(subscription)
      .set({ failedTries: failed.tries, nextPaymentAt: failed.nextTryAt ?? row.nextPaymentAt })
      .where(eq(subscription.id, row.id))
      .returning();
    if (updated && !isDeletedDonor(updated.email)) {
      await enqueueMail(tx, 'monthly-gift-failed', {
        ...giftMail(updated, site),
        period: updated.period,
        tries: failed.tries,
        ...(failed.payUrl ? { payUrl: failed.payUrl } : {}),
      });
    }
    return;
  }
  const [updated] = await tx
    .update(subscription)
    .set({ status: 'ended', nextPaymentAt: null, pausedUntil: null, endedAt: now })
    .where(eq(subscription.id, row.id))
    .returning();
  if (updated && !isDeletedDonor(updated.email)) await enqueueMail(tx, 'monthly-gift-ended', giftMail(updated, site));
}

/** The provider's ids of an account's running gifts: read before the account is deleted, to stop them there after. */
export async function gatewayGiftsOf(db: Database, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ gatewayId: subscription.gatewayId })
    .from(subscription)
    .where(and(eq(subscription.accountId, accountId), inArray(subscription.status, ['active', 'paused', 'incomplete'])));
  return rows.flatMap((row) => (row.gatewayId ? [row.gatewayId] : []));
}

/** Stops gifts at the provider (an account deleted); each failure is logged by the caller and the rest still stopped. */
export async function stopAtGateway(gateway: PaymentGateway, gatewayIds: string[]): Promise<unknown[]> {
  const failures: unknown[] = [];
  for (const gatewayId of gatewayIds) await gateway.subscriptions?.cancel(gatewayId).catch((error: unknown) => failures.push(error));
  return failures;
}

/**
 * An account deleted: its monthly gifts stop (no card is charged for someone who left) and what is kept
 * of them, as of its donations, is under the placeholder address.
 */
export async function forgetGiver(tx: Database, accountId: string, placeholder: string, now = new Date()) {
  await tx
    .update(subscription)
    .set({
      // A gift whose first month was never paid stays incomplete: never listed, never charged.
      status: sql`case when ${subscription.status} in ('active', 'paused') then 'cancelled' else ${subscription.status} end`,
      nextPaymentAt: null,
      pausedUntil: null,
      endedAt: sql`coalesce(${subscription.endedAt}, ${now})`,
      email: placeholder,
      accountId: null,
    })
    .where(eq(subscription.accountId, accountId));
}

const sortable = {
  amount: { expr: subscription.amountCents, type: 'integer' },
  email: { expr: subscription.email, type: 'text' },
  next: { expr: sql`coalesce(${subscription.nextPaymentAt}, 'infinity')`, type: 'timestamp' },
  started: { expr: subscription.createdAt, type: 'timestamp' },
} as const;

/** GET /api/subscriptions?all=true: a page of everyone's gifts and how many match. */
export async function listSubscriptions(db: Database, query: SubscriptionListQuery) {
  const q = query.q;
  const where: SQL | undefined = and(
    shown,
    q ? or(contains(subscription.email, q), contains(subscription.eventTitle, q)) : undefined,
    query.status ? eq(subscription.status, query.status) : undefined,
  );
  const keys = sortKeysOf(query.sort, sortable, newestFirst(subscription.createdAt, subscription.id), {
    expr: subscription.id,
    type: 'uuid',
  });
  const from = cursorFrom(query.cursor, keys);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(subscription), cursorKey: cursorKey(keys) })
      .from(subscription)
      .where(and(where, from && after(keys, from)))
      .orderBy(...orderOf(keys))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ rows: count() }).from(subscription).where(where),
  ]);
  return { gifts: rows.map(toSubscription), total: total?.rows ?? 0, next: nextCursor(rows, query.limit) };
}

/** GET /api/subscriptions/totals: what the active gifts bring each month, by currency, and how many gifts are in each state. */
export async function subscriptionTotals(db: Database) {
  const rows = await db
    .select({
      status: subscription.status,
      currency: subscription.currency,
      gifts: count(),
      cents: sql<string>`coalesce(sum(${subscription.amountCents}), 0)`,
    })
    .from(subscription)
    .where(inArray(subscription.status, [...subscriptionStatuses]))
    .groupBy(subscription.status, subscription.currency);
  const counts = { active: 0, paused: 0, cancelled: 0, ended: 0 };
  const monthly = new Map<string, number>();
  for (const row of rows) {
    counts[row.status as SubscriptionStatus] += row.gifts;
    if (row.status === 'active') monthly.set(row.currency, (monthly.get(row.currency) ?? 0) + Number(row.cents));
  }
  return {
    monthly: [...monthly].map(([currency, cents]) => ({ currency, cents })).sort((a, b) => b.cents - a.cents),
    counts,
  };
}

const exportKeys = newestFirst(subscription.createdAt, subscription.id);

/** Every monthly gift as CSV, newest first, a page at a time. */
export function subscriptionsCsv(db: Database) {
  return csvPages(
    ['Amount', 'Currency', 'Status', 'Email', 'For', 'Next payment', 'Payments', 'Card last 4', 'Started', 'Ended'],
    (from: KeyValue[] | undefined) =>
      db
        .select({ ...getTableColumns(subscription), cursorKey: cursorKey(exportKeys) })
        .from(subscription)
        .where(and(shown, from && after(exportKeys, from)))
        .orderBy(...orderOf(exportKeys))
        .limit(EXPORT_PAGE),
    (row) => JSON.parse(row.cursorKey) as KeyValue[],
    (row) => {
      const gift = toSubscription(row);
      return [
        moneyDecimal(gift.amount, gift.currency),
        gift.currency.toUpperCase(),
        gift.status,
        isDeletedDonor(gift.email) ? 'Deleted account' : gift.email,
        gift.event ?? '',
        gift.nextPaymentAt ?? '',
        gift.payments,
        gift.last4,
        gift.startedAt,
        gift.endedAt ?? '',
      ];
    },
  );
}

/** A gift's manage link token, as its messages carry it (for other features' tests and tools). */
export const giftLinkToken = (subscriptionId: string, secret: string) => manageToken(subscriptionId, secret);
