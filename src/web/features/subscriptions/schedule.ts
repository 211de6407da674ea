import { monthsAfter, monthsToNextAfter, type Subscription } from '../../../shared/subscriptions.ts';

/**
 * When payments start again after a pause of `months` begun now: the next `months` payment days are
 * skipped, as the server does. A month still owed is the first of them: a refused payment waiting for its
 * retry (`paymentFailing`), or one due and not yet taken (`nextPaymentAt` passed). The pause dialog says
 * it before the donor confirms; the gift the server answers with says the day it keeps (`pausedUntil`).
 */
export function restartAfterPause(
  gift: Pick<Subscription, 'startedAt' | 'paymentFailing' | 'nextPaymentAt'>,
  months: number,
  now = new Date(),
): string {
  const anchor = new Date(gift.startedAt);
  const owed = gift.paymentFailing || (gift.nextPaymentAt !== null && new Date(gift.nextPaymentAt) <= now);
  return monthsAfter(anchor, monthsToNextAfter(anchor, now) + months - (owed ? 1 : 0)).toISOString();
}
