import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '../../../shared/subscriptions.ts';
import { notify } from '../../lib/notify.ts';
import { useSite } from '../../lib/site.ts';
import { type GiftAddress, showChangedGift, showDonationsAfter } from './api.ts';

/** What the toast says when the answer shows the change did not do what was asked: in its colour, no word of an email. */
export interface GiftNotice {
  color: 'red' | 'gray';
  message: string;
}

interface GiftChangeOptions<Body> {
  address: GiftAddress;
  /** The call that makes the change (`changeGift`, `replaceGiftCard`). */
  send: (path: string, body: Body) => Promise<Subscription>;
  /** What the toast says once it is done: 'Your monthly gift is cancelled'. */
  done: (gift: Subscription) => string;
  /**
   * When the gift the server answers with says it did not go as asked (a new card's payment refused
   * again, a gift that was already over): the toast said instead of `done`'s. Null when it went as asked.
   */
  instead?: (gift: Subscription) => GiftNotice | null;
  /** The change may take a payment (a new card charged for a refused month): My Donation's donations are read again too. */
  mayPay?: boolean;
  onDone?: (gift: Subscription) => void;
}

/**
 * One change to a monthly gift: on success the gift is shown as the server answered and read again,
 * and a toast says it is done and, where this installation sends mail, that a confirmation was
 * emailed (the server mails one for each change). A failure is the caller's to show where it happened.
 * One at a time: a second `mutate` while one is on its way (two clicks in one tick) sends nothing.
 */
export function useGiftChange<Body>({ address, send, done, instead, mayPay = false, onDone }: GiftChangeOptions<Body>) {
  const { t } = useTranslation('monthly');
  const site = useSite();
  const queryClient = useQueryClient();
  // Set at once, not on the next render (as `isPending` is), so a double click cannot send twice.
  const busy = useRef(false);
  const mutation = useMutation({
    mutationFn: (body: Body) => send(address.path, body),
    onSuccess: (gift) => {
      showChangedGift(queryClient, address, gift);
      if (mayPay) showDonationsAfter(queryClient, gift);
      const notice = instead?.(gift) ?? null;
      void notify(
        notice
          ? { color: notice.color, message: notice.message }
          : site?.mailConfigured === false
            ? { color: 'teal', message: done(gift) }
            : { color: 'teal', title: done(gift), message: t('emailed') },
      );
      onDone?.(gift);
    },
    onSettled: () => {
      busy.current = false;
    },
  });
  const mutate: typeof mutation.mutate = (...args) => {
    if (busy.current) return;
    busy.current = true;
    mutation.mutate(...args);
  };
  return { ...mutation, mutate };
}
