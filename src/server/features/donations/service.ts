import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, getTableColumns, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Donation, type DonationListQuery, donorOf, isDeletedDonor } from '../../../shared/donations.ts';
import { formatAmount, moneyDecimal } from '../../../shared/money.ts';
import { registrationMessages } from '../../../shared/registrations.ts';
import { donationAmountsOf, refusedAmount } from '../../../shared/site.ts';
import { nextAfterPaid } from '../../../shared/subscriptions.ts';
import { refuseUnlessSelfOrAdmin, type SignedInAccount } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { after, cursorFrom, cursorKey, EXPORT_PAGE, type KeyValue, newestFirst, nextCursor, orderOf, sortKeysOf } from '../../db/cursor.ts';
import { account, donation, event, paymentEvent, subscription } from '../../db/schema.ts';
import { contains, throughIndexes } from '../../db/search.ts';
import { donationTallies } from '../../db/totals.ts';
import { AppError, notFound } from '../../errors.ts';
import { csvPages } from '../../http/csv.ts';
import { enqueueMail, enqueueMailMany } from '../../mail/registry.ts';
import type { MailSite } from '../../mail/templates/layout.tsx';
import {
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
  type PaymentNotification,
  RefundRefused,
} from '../../payments/gateway.ts';
import { isPast, siteNow } from '../events/when.ts';
import { readSiteSettings } from '../site/settings.ts';
import { type Charity, charityOf } from './charity.ts';

/** What a monthly gift to the organisation (to no event) is recorded as, where a donation names its event. */
export const monthlyGiftTitle = 'Monthly gift';

function toDonation(row: typeof donation.$inferSelect): Donation {
  return {
    _id: row.id,
    amount: row.amountCents,
    currency: row.currency,
    created: row.paymentCreatedAt.toISOString(),
    transaction: row.transaction,
    last4: row.last4,
    email: row.email,
    event: row.eventTitle,
    eventId: row.eventId,
    eventBanner: row.eventBanner,
    date: row.createdAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundedBy: row.refundedBy,
  };
}

const refundedOn = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Marks a donation given back, once, and tells the donor; false when it was marked already. */
async function markRefunded(tx: Database, id: string, by: string | null, refundId: string | null, site: MailSite) {
  const now = new Date();
  const [row] = await tx
    .update(donation)
    .set({ refundedAt: now, refundedBy: by, refundId, updatedAt: now })
    .where(and(eq(donation.id, id), isNull(donation.refundedAt)))
    .returning();
  if (!row) return null;
  // A donor who deleted their account has no address left to tell.
  if (isDeletedDonor(row.email)) return row;
  await enqueueMail(tx, 'donation-refunded', {
    charity: charityOf(site),
    donationId: row.id,
    to: row.email,
    amountCents: row.amountCents,
    currency: row.currency,
    paidAt: row.paymentCreatedAt,
    refundedAt: now,
    transaction: row.transaction,
    last4: row.last4,
    eventTitle: row.eventTitle,
  });
  return row;
}

/**
 * POST /api/payment/{id}/refund: gives the whole donation back through the gateway, then marks it,
 * once. The gateway's refund carries the donation's id as its idempotency key, so requests at once,
 * or a retry after a crash between the two steps, make one refund; the mark is conditional, so only
 * one of them records it and emails the donor, and the rest answer 409.
 */
export async function refundDonation(db: Database, gateway: PaymentGateway, admin: SignedInAccount, id: string, site: MailSite) {
  // `reason` tells the caller, and the audit log's record of the attempt, which of the 409s it was.
  const alreadyRefunded = (at: Date) =>
    new AppError('conflict', `This donation was already refunded on ${refundedOn.format(at)}`, undefined, { reason: 'already-refunded' });
  const [found] = await db.select().from(donation).where(eq(donation.id, id));
  if (!found) throw notFound('Donation');
  if (found.refundedAt) throw alreadyRefunded(found.refundedAt);
  let refund: GatewayRefund;
  try {
    refund = await gateway.refundPayment({ paymentId: found.transaction, idempotencyKey: `refund:${found.id}` });
  } catch (error) {
    // Another request, or the provider's notification, may have given it back meanwhile.
    const [now] = await db.select({ refundedAt: donation.refundedAt }).from(donation).where(eq(donation.id, id));
    if (now?.refundedAt) throw alreadyRefunded(now.refundedAt);
    if (error instanceof RefundRefused)
      throw new AppError('conflict', `The payment provider would not refund this donation: ${error.message}`, undefined, {
        reason: 'refused',
      });
    throw error;
  }
  const marked = await db.transaction((tx) => markRefunded(tx, found.id, admin.id, refund.id, site));
  if (!marked) {
    const [now] = await db.select({ refundedAt: donation.refundedAt }).from(donation).where(eq(donation.id, id));
    throw alreadyRefunded(now?.refundedAt ?? new Date());
  }
  return toDonation(marked);
}

/**
 * The amount a donation or monthly gift may charge, in the currency's minor units, and that currency: the
 * organisation's settings decide (one of the presets, or another within the bounds when allowed); anything
 * else is a 400 naming `amount`. Without an amount, the first preset.
 */
export async function chargeableAmount(db: Database, amount: number | undefined, installationAmount: number) {
  const settings = await readSiteSettings(db);
  const { currency } = settings;
  const offered = donationAmountsOf(settings, installationAmount);
  const amountCents = amount ?? (offered[0] as number);
  const refused = refusedAmount(amountCents, { ...settings, donationAmounts: offered }, (cents) => formatAmount(cents, currency));
  if (refused) throw new AppError('invalid_input', refused, { amount: refused });
  return { amountCents, currency };
}

/** An event that takes donations: 404 when there is none, 409 when it has taken place (DECISIONS §4.4, by the site's clock). */
export async function refuseUnlessOpenForGifts(db: Database, eventId: string) {
  const [found] = await db.select({ date: event.date, endAt: event.endAt, title: event.title }).from(event).where(eq(event.id, eventId));
  if (!found) throw notFound('Event');
  if (isPast(found, (await siteNow(db)).now)) throw new AppError('conflict', registrationMessages.eventPast);
  return found;
}

/** Starts a payment for the caller and an event; the amount is the server's, never the browser's. */
export async function startDonation(
  db: Database,
  gateway: PaymentGateway,
  donor: SignedInAccount,
  input: { eventId: string; attemptId?: string; amount?: number; installationAmount: number },
) {
  const { amountCents, currency } = await chargeableAmount(db, input.amount, input.installationAmount);
  await refuseUnlessOpenForGifts(db, input.eventId);
  const attemptId = input.attemptId ?? randomUUID();
  const created = await gateway.createPayment({
    amountCents,
    currency,
    // Amount and currency are part of the key: a retry after either changed is a new payment.
    idempotencyKey: `donation:${donor.id}:${input.eventId}:${attemptId}:${amountCents}:${currency}`,
    metadata: { accountId: donor.id, email: donor.email, eventId: input.eventId },
  });
  return startedPayment(gateway, created, amountCents, currency);
}

/** A payment started, as the page confirms it: Stripe.js (`mode: stripe`) or the test card form (`mode: test`). */
export function startedPayment(
  gateway: PaymentGateway,
  created: { id: string; clientSecret: string },
  amountCents: number,
  currency: string,
) {
  return {
    clientSecret: created.clientSecret,
    paymentId: created.id,
    amount: amountCents,
    currency,
    mode: gateway.mode,
    publishableKey: gateway.publishableKey,
  };
}

/**
 * A monthly gift's payment was recorded as a donation (in the same transaction, once): the gift moves on
 * to its next month. Only the payment of the month due moves it (a late copy of an older one records its
 * donation, the money having been taken, and changes nothing); the first makes the gift active. Months
 * missed while nothing ran are not charged after: the next payment is the first date to come.
 */
/** What the provider says of a monthly gift's month paid: when the next is due (Stripe's period end). */
interface GiftRenewal {
  nextPaymentAt: Date | null;
}

async function giftPaid(tx: Database, subscriptionId: string, payment: GatewayPayment, renewal?: GiftRenewal, now = new Date()) {
  const [row] = await tx.select().from(subscription).where(eq(subscription.id, subscriptionId)).for('update');
  // Test mode names the month a payment is for; Stripe's notice says when the next is due instead.
  const period = payment.metadata.period ? Number(payment.metadata.period) : null;
  if (!row || (period !== null && row.period !== period)) return;
  // The first month's day is the day it was paid (recorded), not the day the page started the payment.
  const anchor = row.anchorAt ?? now;
  const over = row.status === 'cancelled' || row.status === 'ended';
  await tx
    .update(subscription)
    .set({
      period: row.period + 1,
      anchorAt: anchor,
      failedTries: 0,
      status: over ? row.status : 'active',
      pausedUntil: null,
      nextPaymentAt: over ? null : (renewal?.nextPaymentAt ?? nextAfterPaid(anchor, row.nextPaymentAt, now)),
      last4: payment.last4 ?? row.last4,
      paymentMethod: payment.paymentMethod ?? row.paymentMethod,
    })
    .where(eq(subscription.id, subscriptionId));
}

/**
 * Records a payment the gateway says succeeded, once: the transaction is unique, so the same
 * payment recorded again (by the browser, a retry or the webhook) gives the same donation.
 * Amount, card and donor come from the gateway's payment, the event's title and banner from the event.
 * The receipt is queued in the same transaction as the record, so only its first recording sends one.
 */
export async function recordDonation(db: Database, payment: GatewayPayment, site: MailSite, renewal?: GiftRenewal): Promise<string> {
  if (payment.status !== 'succeeded') throw new AppError('conflict', 'This payment has not succeeded, so no donation was recorded');
  const { accountId, email, eventId, subscriptionId } = payment.metadata;
  if (!accountId || !email || !(eventId || subscriptionId)) throw new AppError('invalid_input', 'This payment is not a donation made here');
  const [ev] = eventId ? await db.select({ title: event.title, banner: event.banner }).from(event).where(eq(event.id, eventId)) : [];
  // A monthly gift whose event has since been removed is still recorded under the event's title it was given to.
  const [gift] =
    !ev && subscriptionId
      ? await db.select({ title: subscription.eventTitle }).from(subscription).where(eq(subscription.id, subscriptionId))
      : [];
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(donation)
      .values({
        amountCents: payment.amountCents,
        currency: payment.currency,
        paymentCreatedAt: payment.created,
        transaction: payment.id,
        last4: payment.last4,
        // The account or the event may have been deleted since the payment started: the money is
        // recorded all the same, with the email, title and banner it was made with.
        accountId: sql`(select ${account.id} from ${account} where ${account.id} = ${accountId})`,
        email,
        eventId: eventId ? sql`(select ${event.id} from ${event} where ${event.id} = ${eventId})` : null,
        eventTitle: ev?.title ?? gift?.title ?? (eventId ? 'An event that has since been removed' : monthlyGiftTitle),
        eventBanner: ev?.banner ?? '',
        subscriptionId: subscriptionId ?? null,
      })
      .onConflictDoNothing({ target: donation.transaction })
      .returning();
    if (inserted) {
      // One month of a monthly gift: the gift moves on to its next month with it.
      if (subscriptionId) await giftPaid(tx, subscriptionId, payment, renewal);
      await enqueueMail(tx, 'donation-receipt', {
        charity: charityOf(site),
        donationId: inserted.id,
        to: inserted.email,
        amountCents: inserted.amountCents,
        currency: inserted.currency,
        paidAt: inserted.paymentCreatedAt,
        transaction: inserted.transaction,
        last4: inserted.last4,
        eventTitle: inserted.eventTitle,
        subscriptionId: inserted.subscriptionId,
      });
      return inserted.id;
    }
    const [row] = await tx.select({ id: donation.id }).from(donation).where(eq(donation.transaction, payment.id));
    if (!row) throw new Error('donation not stored');
    return row.id;
  });
}

/**
 * A day's monthly payments that succeeded, recorded at once (test mode's renewals): one insert of their
 * donations (each once: the transaction is unique) and one of their receipts, which go after one-person
 * mail in the outbox. The donations made now, with their gifts; the gifts are the caller's to move on.
 */
export async function recordRenewals(
  tx: Database,
  payments: GatewayPayment[],
  site: MailSite,
): Promise<{ id: string; subscriptionId: string | null }[]> {
  if (payments.length === 0) return [];
  const eventIds = [...new Set(payments.flatMap((p) => (p.metadata.eventId ? [p.metadata.eventId] : [])))];
  const events = eventIds.length
    ? await tx.select({ id: event.id, title: event.title, banner: event.banner }).from(event).where(inArray(event.id, eventIds))
    : [];
  const byId = new Map(events.map((e) => [e.id, e]));
  const giftIds = [...new Set(payments.flatMap((p) => (p.metadata.subscriptionId ? [p.metadata.subscriptionId] : [])))];
  const gifts = giftIds.length
    ? await tx
        .select({ id: subscription.id, title: subscription.eventTitle, accountId: subscription.accountId })
        .from(subscription)
        .where(inArray(subscription.id, giftIds))
    : [];
  const giftById = new Map(gifts.map((g) => [g.id, g]));
  const inserted = await tx
    .insert(donation)
    .values(
      payments.map((payment) => {
        const { email = '', eventId, subscriptionId } = payment.metadata;
        const ev = eventId ? byId.get(eventId) : undefined;
        const gift = subscriptionId ? giftById.get(subscriptionId) : undefined;
        return {
          amountCents: payment.amountCents,
          currency: payment.currency,
          paymentCreatedAt: payment.created,
          transaction: payment.id,
          last4: payment.last4,
          accountId: gift?.accountId ?? null,
          email,
          eventId: ev?.id ?? null,
          eventTitle: ev?.title ?? gift?.title ?? monthlyGiftTitle,
          eventBanner: ev?.banner ?? '',
          subscriptionId: subscriptionId ?? null,
        };
      }),
    )
    .onConflictDoNothing({ target: donation.transaction })
    .returning();
  const charity = charityOf(site);
  await enqueueMailMany(
    tx,
    'donation-receipt',
    inserted
      .filter((row) => !isDeletedDonor(row.email))
      .map((row) => ({
        charity,
        donationId: row.id,
        to: row.email,
        amountCents: row.amountCents,
        currency: row.currency,
        paidAt: row.paymentCreatedAt,
        transaction: row.transaction,
        last4: row.last4,
        eventTitle: row.eventTitle,
        subscriptionId: row.subscriptionId,
      })),
    'monthly-renewals',
  );
  return inserted.map((row) => ({ id: row.id, subscriptionId: row.subscriptionId }));
}

/** POST /api/payment: the caller may record only their own payment. */
export async function confirmDonation(db: Database, gateway: PaymentGateway, donor: SignedInAccount, transaction: string, site: MailSite) {
  const payment = await gateway.retrievePayment(transaction);
  if (!payment) throw notFound('Payment');
  if (payment.metadata.accountId !== donor.id) throw new AppError('forbidden', 'This payment was made by someone else');
  return recordDonation(db, payment, site);
}

/**
 * A verified notification from the provider, handled once however often it is delivered: the
 * marker and the donation are written in one transaction, so a failure leaves neither and the
 * provider's next delivery tries again. Payments that are not donations made here (another
 * product on the same Stripe account) are acknowledged and left alone.
 */
export async function handleNotification(
  db: Database,
  notification: PaymentNotification,
  site: MailSite,
  /** What else the notice says, handled in the same transaction as its marker (a monthly gift's refusal or end). */
  more?: (tx: Database) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [first] = await tx
      .insert(paymentEvent)
      .values({ id: notification.id, type: notification.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvent.id });
    if (!first) return { handled: false };
    const payment = notification.payment;
    const { accountId, email, eventId, subscriptionId } = payment?.metadata ?? {};
    if (payment?.status === 'succeeded' && accountId && email && (eventId || subscriptionId)) {
      await recordDonation(tx, payment, site, notification.renewal ?? undefined);
    }
    await more?.(tx);
    // Given back through the provider's dashboard, or our own refund's notice arriving: marked once.
    const refund = notification.refund;
    if (refund) {
      const [given] = await tx.select({ id: donation.id }).from(donation).where(eq(donation.transaction, refund.paymentId));
      if (given) await markRefunded(tx, given.id, null, refund.refundId, site);
    }
    return { handled: true };
  });
}

const sortable = {
  amount: { expr: donation.amountCents, type: 'integer' },
  email: { expr: donation.email, type: 'text' },
  event: { expr: sql`lower(${donation.eventTitle})`, type: 'text' },
  date: { expr: donation.createdAt, type: 'timestamp' },
} as const;

/** A page of donations, the number that match and the sum they add up to (in cents). */
export function listDonations(db: Database, query: DonationListQuery) {
  return query.q ? throughIndexes(db, (tx) => donationsPage(tx, query)) : donationsPage(db, query);
}

async function donationsPage(db: Database, query: DonationListQuery) {
  const q = query.q;
  const where: SQL | undefined = q
    ? or(contains(donation.email, q), contains(donation.eventTitle, q), contains(donation.transaction, q))
    : undefined;
  const keys = sortKeysOf(query.sort, sortable, newestFirst(donation.createdAt, donation.id), { expr: donation.id, type: 'uuid' });
  const from = cursorFrom(query.cursor, keys);
  const [rows, totals] = await Promise.all([
    db
      .select({ ...getTableColumns(donation), cursorKey: cursorKey(keys) })
      .from(donation)
      .where(and(where, from && after(keys, from)))
      .orderBy(...orderOf(keys))
      .limit(query.limit)
      .offset(query.offset),
    // Unsearched, the count and sums are the ones the triggers keep (by currency, refunded apart); a search
    // adds up its matches. Refunded donations stay listed but were given back: they add to no sum.
    where
      ? db
          .select({
            currency: donation.currency,
            refunded: sql<boolean>`${donation.refundedAt} is not null`,
            rows: count(),
            amount: sql<string>`coalesce(sum(${donation.amountCents}), 0)`,
          })
          .from(donation)
          .where(where)
          .groupBy(donation.currency, sql`${donation.refundedAt} is not null`)
      : donationTallies(db),
  ]);
  const raised = new Map<string, number>();
  for (const tally of totals) {
    if (!tally.refunded) raised.set(tally.currency, (raised.get(tally.currency) ?? 0) + Number(tally.amount));
  }
  return {
    donations: rows.map(toDonation),
    total: totals.reduce((sum, tally) => sum + Number(tally.rows), 0),
    /** Cents raised by the matching donations not refunded, per currency, largest first: never one sum across currencies. */
    raised: [...raised]
      .map(([currency, cents]) => ({ currency, cents }))
      .sort((a, b) => b.cents - a.cents || a.currency.localeCompare(b.currency)),
    next: nextCursor(rows, query.limit),
  };
}

/**
 * A person's donations: for themselves, those of their account (an email freed by a deleted
 * account and signed up again does not inherit its donations); for an admin, all made with the email.
 */
export async function listDonationsOf(db: Database, owner: { accountId: string } | { email: string }): Promise<Donation[]> {
  const where = 'accountId' in owner ? eq(donation.accountId, owner.accountId) : eq(donation.email, owner.email.toLowerCase());
  const rows = await db.select().from(donation).where(where).orderBy(desc(donation.createdAt), desc(donation.id));
  return rows.map(toDonation);
}

/**
 * One donation as its printable receipt, for its donor (the account that made it) or an admin;
 * undefined when no donation has the id.
 */
export async function findReceipt(db: Database, caller: SignedInAccount, id: string, site: MailSite) {
  const [row] = await db.select().from(donation).where(eq(donation.id, id));
  if (!row) return undefined;
  // As the donation routes decide: a donor's own are those of their account (an email freed by a
  // deleted account and signed up again does not inherit its donations).
  refuseUnlessSelfOrAdmin(caller, row.accountId);
  const charity: Charity = charityOf(site);
  return { ...toDonation(row), charity };
}

const exportKeys = newestFirst(donation.createdAt, donation.id);

/** Every donation as CSV, newest first, a page at a time, each after the last row's key to the microsecond. */
export function donationsCsv(db: Database) {
  return csvPages(
    ['Amount', 'Currency', 'Transaction', 'Card last 4', 'Email', 'Event', 'Paid at', 'Recorded at', 'Refunded at'],
    (from: KeyValue[] | undefined) =>
      db
        .select({ ...getTableColumns(donation), cursorKey: cursorKey(exportKeys) })
        .from(donation)
        .where(from && after(exportKeys, from))
        .orderBy(...orderOf(exportKeys))
        .limit(EXPORT_PAGE),
    (row) => JSON.parse(row.cursorKey) as KeyValue[],
    (row) => [
      moneyDecimal(row.amountCents, row.currency),
      row.currency.toUpperCase(),
      row.transaction,
      row.last4,
      donorOf(row.email),
      row.eventTitle,
      row.paymentCreatedAt.toISOString(),
      row.createdAt.toISOString(),
      row.refundedAt?.toISOString() ?? '',
    ],
  );
}
