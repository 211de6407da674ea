import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '../../../shared/subscriptions.ts';
import { notify } from '../../lib/notify.ts';
import { useSite } from '../../lib/site.ts';
import { type GiftAddress, showChangedGift } from './api.ts';

interface GiftChangeOptions<Body> {
  address: GiftAddress;
  /** The call that makes the change (`changeGift`, `replaceGiftCard`). */
  send: (path: string, body: Body) => Promise<Subscription>;
  /** What the toast says once it is done: 'Your monthly gift is cancelled'. */
  done: (gift: Subscription) => string;
  onDone?: (gift: Subscription) => void;
}

/**
 * One change to a monthly gift: on success the gift is shown as the server answered and read again,
 * and a toast says it is done and, where this installation sends mail, that a confirmation was
 * emailed (the server mails one for each change). A failure is the caller's to show where it happened.
 */
export function useGiftChange<Body>({ address, send, done, onDone }: GiftChangeOptions<Body>) {
  const { t } = useTranslation('monthly');
  const site = useSite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => send(address.path, body),
    onSuccess: (gift) => {
      showChangedGift(queryClient, address, gift);
      void notify(
        site?.mailConfigured === false
          ? { color: 'teal', message: done(gift) }
          : { color: 'teal', title: done(gift), message: t('emailed') },
      );
      onDone?.(gift);
    },
  });
}
