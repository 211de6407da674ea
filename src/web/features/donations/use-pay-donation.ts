import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { subscriptionQueries } from '../subscriptions/api.ts';
import { paidMessage } from './amount.ts';
import { donationQueries, recordDonation } from './api.ts';
import type { CardPaymentHandle } from './card-payment.ts';

/**
 * Where a donation stands: the card can be paid with; it is being paid; the payment went through
 * and the donation is being recorded; it went through but could not be recorded yet; it is done.
 * From 'recording' on, the money has moved: nothing may offer to pay again.
 */
export type PayPhase = 'ready' | 'paying' | 'recording' | 'unrecorded' | 'done';

/**
 * Spec section 4's donation form: confirm the card payment; on success record it, say
 * 'Successfully paid $30' and keep Pay disabled; on error keep the provider's message to show.
 */
export function usePayDonation({ amountCents, currency, email }: { amountCents: number; currency: string; email: string }) {
  const { t, i18n } = useTranslation('donations');
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<PayPhase>('ready');
  const [failure, setFailure] = useState<string | null>(null);
  const [recordFailure, setRecordFailure] = useState<string | null>(null);
  // Set at once, not on the next render, so a double click cannot pay twice.
  const busy = useRef(false);
  const paidId = useRef<string | null>(null);
  const [donationId, setDonationId] = useState<string | null>(null);

  async function record(paymentId: string) {
    setPhase('recording');
    try {
      setDonationId(await recordDonation(paymentId));
    } catch (error) {
      setRecordFailure(error instanceof Error ? error.message : String(error));
      setPhase('unrecorded');
      return;
    }
    setRecordFailure(null);
    setPhase('done');
    void notify({ color: 'teal', message: paidMessage(amountCents, currency, t, i18n.language) });
    void queryClient.invalidateQueries({ queryKey: donationQueries.mine(email).queryKey });
    // A monthly gift's first month: My Donation's list of monthly gifts has it from now.
    void queryClient.invalidateQueries({ queryKey: subscriptionQueries.mine().queryKey });
  }

  async function pay(card: CardPaymentHandle | null) {
    if (!card || busy.current || paidId.current) return;
    busy.current = true;
    setPhase('paying');
    setFailure(null);
    try {
      const outcome = await card.confirm().catch((error: unknown) => ({
        status: 'failed' as const,
        message: error instanceof Error ? error.message : String(error),
      }));
      if (outcome.status === 'succeeded') {
        paidId.current = outcome.paymentId;
        await record(outcome.paymentId);
        return;
      }
      if (outcome.status === 'failed') setFailure(outcome.message);
      setPhase('ready');
    } finally {
      busy.current = false;
    }
  }

  /** Records the payment that went through again; the server gives the same payment the same donation. */
  function retryRecord() {
    if (paidId.current && !busy.current) {
      busy.current = true;
      void record(paidId.current).finally(() => {
        busy.current = false;
      });
    }
  }

  return { phase, failure, recordFailure, pay, retryRecord, donationId };
}
