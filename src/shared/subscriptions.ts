import { z } from 'zod';
import { paymentStartedSchema, testCardSchema } from './donations.ts';
import { cursorSchema, pagingSchema, searchTextSchema, sortSchema } from './paging.ts';

/**
 * Monthly giving (DECISIONS §5.7): a monthly gift charges its donor's card once a month through the
 * gateway, each payment a donation with its receipt. Amounts are in the currency's minor units.
 */
export const subscriptionStatuses = ['active', 'paused', 'cancelled', 'ended'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** How many months a gift may be paused for at a time. */
export const pauseMonths = [1, 2, 3] as const;

/** How many tries a month's payment gets (the first and three retries) before the gift ends. */
export const renewalTries = 4;

const amountSchema = z
  .number({ message: "The amount must be a whole number of the currency's minor unit (cents for USD)" })
  .int("The amount must be a whole number of the currency's minor unit (cents for USD)");

/** POST /api/subscriptions: a monthly gift of `amount`, to an event or to the organisation. */
export const subscriptionStartSchema = z.object({
  amount: amountSchema,
  eventId: z.uuid({ message: 'Choose an event to give to' }).optional(),
  /** The same attempt again gives the same gift and first payment (a retried request starts nothing twice). */
  attemptId: z.uuid({ message: 'attemptId must be a UUID' }).optional(),
});

/** The first payment to confirm, as for a single donation, and the gift it starts. */
export const subscriptionStartedSchema = paymentStartedSchema.extend({ subscriptionId: z.string() });
export type SubscriptionStarted = z.infer<typeof subscriptionStartedSchema>;

/** A monthly gift as its donor (and an admin) sees it. */
export const subscriptionSchema = z.object({
  _id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(subscriptionStatuses),
  /** When the next payment is taken (ISO 8601 instant); null once cancelled or ended. */
  nextPaymentAt: z.iso.datetime().nullable(),
  eventId: z.string().nullable(),
  /** The event's title when the gift is to one, else null (to the organisation). */
  event: z.string().nullable(),
  email: z.string(),
  last4: z.string().nullable(),
  /** When it was paused, the date it takes payments again (ISO 8601 instant). */
  pausedUntil: z.iso.datetime().nullable(),
  /** The last payment was refused and will be tried again on `nextPaymentAt`: the donor should update the card. */
  paymentFailing: z.boolean(),
  /** How many payments it has made. */
  payments: z.number().int(),
  startedAt: z.iso.datetime(),
  /** When it was cancelled or ended (ISO 8601 instant). */
  endedAt: z.iso.datetime().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** PUT /api/subscriptions/{id} (and through a manage link): a new amount, or pause, resume or cancel. */
export const subscriptionChangeSchema = z.union([
  z.object({ amount: amountSchema }).strict(),
  z
    .object({
      action: z.enum(['pause', 'resume', 'cancel'], { message: 'action must be one of pause, resume, cancel' }),
      months: z
        .number({ message: 'Pause for 1, 2 or 3 months' })
        .int('Pause for 1, 2 or 3 months')
        .min(1, 'Pause for 1, 2 or 3 months')
        .max(3, 'Pause for 1, 2 or 3 months')
        .optional(),
    })
    .strict(),
]);
export type SubscriptionChange = z.infer<typeof subscriptionChangeSchema>;

/** POST /api/subscriptions/{id}/card (test mode): the card later payments are taken from. */
export const subscriptionCardSchema = z.object({ card: testCardSchema });

export const subscriptionSortColumns = ['amount', 'email', 'next', 'started'] as const;

/** GET /api/subscriptions: the caller's gifts; `all=true` (admins) everyone's, searched and paged. */
export const subscriptionListQuerySchema = z.object({
  all: z
    .enum(['true', 'false'], { message: 'all must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  status: z.enum(subscriptionStatuses, { message: `status must be one of ${subscriptionStatuses.join(', ')}` }).optional(),
  q: searchTextSchema,
  sort: sortSchema(subscriptionSortColumns),
  cursor: cursorSchema,
  ...pagingSchema(25, 100),
});
export type SubscriptionListQuery = z.infer<typeof subscriptionListQuerySchema>;

/** GET /api/subscriptions/totals (admins): what active gifts bring each month, by currency, and gifts by status. */
export const subscriptionTotalsSchema = z.object({
  monthly: z.array(z.object({ currency: z.string(), cents: z.number().int() })),
  counts: z.object({ active: z.number().int(), paused: z.number().int(), cancelled: z.number().int(), ended: z.number().int() }),
});
export type SubscriptionTotals = z.infer<typeof subscriptionTotalsSchema>;

/** POST /api/subscriptions/{id}/test-renewal (admins, test mode): the payment taken now and the gift after it. */
export const testRenewalSchema = z.object({
  outcome: z.enum(['paid', 'failed', 'ended']),
  donationId: z.string().nullable(),
  subscription: subscriptionSchema,
});

/**
 * When a monthly gift's payments fall: on the day of the month its first payment was made, at the same
 * time of day, or the month's last day when it is shorter (a gift begun on 31 January pays on 28 or 29
 * February, then on 31 March).
 */
export function monthsAfter(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** How many months after the anchor the first payment date later than `now` is. */
export function monthsToNextAfter(anchor: Date, now: Date): number {
  let months = Math.max(1, (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth() - 1);
  while (monthsAfter(anchor, months) <= now) months++;
  return months;
}

/**
 * The next payment after a month is paid: the first day of the month it began after the day that month was
 * due (or now, when later: months missed while nothing ran are not charged after).
 */
export function nextAfterPaid(anchor: Date, due: Date | null, now: Date): Date {
  const base = new Date(Math.max((due ?? now).getTime(), now.getTime()));
  return monthsAfter(anchor, monthsToNextAfter(anchor, base));
}

/** The wait before each retry of a refused monthly payment, in days: three retries, then the gift ends. */
export const retryDays = [3, 5, 7] as const;

/** The fixed words of the API's answers about monthly gifts (translated in problems.json). */
export const subscriptionMessages = {
  notYours: 'An admin can cancel a monthly gift but not change its amount or card',
  over: 'This monthly gift has ended: start a new one instead',
  otherCurrency: 'The organisation now takes gifts in another currency: start a new monthly gift to change the amount',
  notPaused: 'This monthly gift is not paused',
  alreadyPaused: 'This monthly gift is already paused: resume it first',
  pauseMonths: 'Pause for 1, 2 or 3 months',
  linkInvalid: 'This link is not valid: use the newest link in your receipt, or sign in to manage your monthly gift',
  linkExpired: 'This link has expired: use the link in a newer receipt, or sign in to manage your monthly gift',
} as const;
