import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
// Types only: My Donation shows a list and needs none of the schemas' code.
import type { Donation, PaymentStarted, Receipt, TestCard, testConfirmResultSchema } from '../../../shared/donations.ts';
import type { SubscriptionStarted } from '../../../shared/subscriptions.ts';
import { getJson, sendJson } from '../../lib/api-client.ts';
import { accountScope } from '../../lib/current-account.ts';

export type TestConfirmResult = z.infer<typeof testConfirmResultSchema>;

/** Whether the donor gives once, or every month (a monthly gift, whose first payment is taken now). */
export type GiftFrequency = 'once' | 'monthly';

/** Where each kind of gift starts: a single payment, or a monthly gift and its first payment. */
const startPaths = { once: '/create-payment-intent', monthly: '/subscriptions' } as const satisfies Record<GiftFrequency, string>;

/**
 * Starts (or, for the same attempt and amount, finds again) the payment for a donation to an event:
 * a single one, or the first of a monthly gift (the gift starts once that payment is recorded). Either
 * way the card confirms the payment and POST /api/payment records it, as for any donation.
 * The server checks the amount is one it allows; the attempt id makes a retried request return the same payment.
 */
export async function startPayment(
  eventId: string,
  attemptId: string,
  amount: number,
  frequency: GiftFrequency,
  signal?: AbortSignal,
): Promise<PaymentStarted | SubscriptionStarted> {
  const { data } = await sendJson<PaymentStarted | SubscriptionStarted>(
    'POST',
    startPaths[frequency],
    { eventId, attemptId, amount },
    signal,
  );
  return data;
}

/** The offline test mode's stand-in for Stripe.js's confirmCardPayment: the card decides the outcome. */
export async function confirmTestPayment(clientSecret: string, card: TestCard): Promise<TestConfirmResult> {
  const { data } = await sendJson<TestConfirmResult>('POST', '/test-payments/confirm', { clientSecret, card });
  return data;
}

/** Records the donation for a payment the gateway confirmed; the same payment always gives the same donation. */
export async function recordDonation(paymentId: string): Promise<string> {
  const { data } = await sendJson<{ insertedId: string }>('POST', '/payment', { transaction: paymentId });
  return data.insertedId;
}

/** Gives a donation back (admins only); a second time is refused (409) with the date it was refunded. */
export async function refundDonation(donationId: string): Promise<Donation> {
  const { data } = await sendJson<Donation>('POST', `/payment/${encodeURIComponent(donationId)}/refund`, {});
  return data;
}

/** One person's donations, newest first (the signed-in one: the server answers 403 for anyone else's). */
export async function fetchDonationsOf(email: string, signal?: AbortSignal): Promise<Donation[]> {
  const { data } = await getJson<Donation[]>(`/payment/${encodeURIComponent(email)}`, signal);
  return data;
}

/** A donation's receipt: for its donor or an admin (403 for anyone else, 404 for an unknown id). */
export async function fetchReceipt(donationId: string, signal?: AbortSignal): Promise<Receipt> {
  const { data } = await getJson<Receipt>(`/payment/${encodeURIComponent(donationId)}/receipt`, signal);
  return data;
}

export const donationQueries = {
  receipt: (donationId: string) =>
    queryOptions({
      queryKey: [...accountScope, 'donation-receipt', donationId] as const,
      queryFn: ({ signal }) => fetchReceipt(donationId, signal),
    }),
  /** Under the account's scope: signing out forgets them. */
  mine: (email: string) =>
    queryOptions({
      queryKey: [...accountScope, 'donations', email] as const,
      queryFn: ({ signal }) => fetchDonationsOf(email, signal),
    }),
  /**
   * The payment this page visit pays. Asking again (a retry, a remount) with the same attempt gets the
   * same payment, so it is safe as a query; it is never refetched behind the person's back.
   */
  payment: (eventId: string, attemptId: string, amount: number, frequency: GiftFrequency) =>
    queryOptions({
      queryKey: [...accountScope, 'donation-payment', eventId, attemptId, amount, frequency] as const,
      queryFn: ({ signal }) => startPayment(eventId, attemptId, amount, frequency, signal),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
    }),
};
