import { monthsAfter, monthsToNextAfter } from '../../../shared/subscriptions.ts';

/**
 * When payments start again after a pause of `months` begun now: the next `months` payment days are
 * skipped (a refused payment waiting for its retry among them), as the server does. The pause dialog
 * says it before the donor confirms; the gift the server answers with says the day it keeps (`pausedUntil`).
 */
export function restartAfterPause(gift: { startedAt: string }, months: number, now = new Date()): string {
  const anchor = new Date(gift.startedAt);
  return monthsAfter(anchor, monthsToNextAfter(anchor, now) + months).toISOString();
}
