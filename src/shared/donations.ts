import { z } from 'zod';
import { cursorSchema, pagingSchema, searchTextSchema, sortSchema } from './paging.ts';

/** POST /api/create-payment-intent: which event, and the page's attempt (a retry of the same attempt reuses its payment). */
export const paymentStartSchema = z.object({
  eventId: z.uuid({ message: 'Choose an event to donate to' }),
  /** The same attempt again gives the same payment; without one, the server makes one (a new payment each call). */
  attemptId: z.uuid({ message: 'attemptId must be a UUID' }).optional(),
  /** In the currency's minor units (cents; yen for JPY): one of the amounts offered (GET /api/site `donationAmounts`), or another within the bounds when allowed. Without it, the first offered. */
  amount: z
    .number({ message: "The amount must be a whole number of the currency's minor unit (cents for USD)" })
    .int("The amount must be a whole number of the currency's minor unit (cents for USD)")
    .optional(),
});

export const paymentStartedSchema = z.object({
  clientSecret: z.string(),
  paymentId: z.string(),
  /** In cents, as the server decided it. */
  amount: z.number().int(),
  currency: z.string(),
  mode: z.enum(['stripe', 'test']),
  publishableKey: z.string().nullable(),
});
export type PaymentStarted = z.infer<typeof paymentStartedSchema>;

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** The test-mode card form: checked for shape here; the gateway decides the outcome. */
export const testCardSchema = z.object({
  number: z
    .string({ message: 'Your card number is incomplete.' })
    .transform(digits)
    .pipe(z.string().regex(/^\d{13,19}$/, 'Your card number is incomplete.')),
  expMonth: z.coerce
    .number({ message: "Your card's expiration date is incomplete." })
    .int()
    .min(1, "Your card's expiration month is invalid.")
    .max(12, "Your card's expiration month is invalid."),
  expYear: z.coerce
    .number({ message: "Your card's expiration date is incomplete." })
    .int()
    .transform((year) => (year < 100 ? 2000 + year : year))
    .pipe(z.number().min(2000, "Your card's expiration year is invalid.").max(2100, "Your card's expiration year is invalid.")),
  cvc: z.string({ message: "Your card's security code is incomplete." }).regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  postalCode: z
    .string({ message: 'Your postal code is incomplete.' })
    .trim()
    .min(1, 'Your postal code is incomplete.')
    .max(12, 'Your postal code is invalid.'),
});
export type TestCard = z.infer<typeof testCardSchema>;

/** POST /api/test-payments/confirm: what Stripe.js's confirmCardPayment does, for the offline test mode. */
export const testConfirmSchema = z.object({ clientSecret: z.string().min(1).max(200), card: testCardSchema });

/** Like Stripe.js: either the payment, or an error to show as given. */
export const testConfirmResultSchema = z.object({
  status: z.enum(['requires_payment_method', 'processing', 'requires_action', 'succeeded', 'canceled']),
  paymentId: z.string(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

/** POST /api/payment: names the payment only; the server asks the gateway for everything else. */
export const paymentRecordSchema = z.object({ transaction: z.string().min(1, 'transaction is required').max(200) });

/**
 * A donation stays as a financial record when its donor deletes their account (DECISIONS 4.7), with
 * an address at this domain in place of theirs: `deleted-<12 random hex digits>@deleted.invalid`, one per
 * deleted account
 * (`.invalid` is reserved: no mail can go there). Lists, receipts and exports show it as 'Deleted account'.
 */
export const deletedDonorDomain = 'deleted.invalid';
export const deletedDonorLabel = 'Deleted account';

export function isDeletedDonor(email: string): boolean {
  return email.endsWith(`@${deletedDonorDomain}`);
}

/** Who gave, as the pages, receipts and exports show it: the email, or 'Deleted account'. */
export function donorOf(email: string): string {
  return isDeletedDonor(email) ? deletedDonorLabel : email;
}

/** A donation as the spec names its fields; `amount` is in the currency's minor units (cents; yen for JPY). */
export const donationSchema = z.object({
  _id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** When the payment was made (ISO 8601 instant). */
  created: z.iso.datetime(),
  transaction: z.string(),
  last4: z.string().nullable(),
  email: z.string(),
  event: z.string(),
  eventId: z.string().nullable(),
  eventBanner: z.string(),
  /** When the donation was recorded (ISO 8601 instant). */
  date: z.iso.datetime(),
  /** When it was given back (ISO 8601 instant), or null; a refunded donation counts in no total. */
  refundedAt: z.iso.datetime().nullable(),
  /** The admin account that gave it back; null when not refunded, or refunded through the provider's dashboard. */
  refundedBy: z.string().nullable(),
});
export type Donation = z.infer<typeof donationSchema>;

/** GET /api/payment/{id}/receipt: a donation with the charity it went to, for the printable receipt. */
export const receiptSchema = donationSchema.extend({
  charity: z.object({
    name: z.string(),
    website: z.string(),
    /** Where to ask about the donation: the contact email, or the website when none is set. */
    contact: z.string(),
    /** '' when the charity has not set one (nothing is shown then), as for address and email. */
    registrationNumber: z.string(),
    address: z.string(),
    email: z.string(),
  }),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const donationSortColumns = ['amount', 'email', 'event', 'date'] as const;

export const donationListQuerySchema = z.object({
  q: searchTextSchema,
  sort: sortSchema(donationSortColumns),
  cursor: cursorSchema,
  ...pagingSchema(25, 100),
});
export type DonationListQuery = z.infer<typeof donationListQuerySchema>;
