import { type QueryClient, queryOptions } from '@tanstack/react-query';
// Types only: My Donation and the manage-link page show gifts and need none of the schemas' code.
import type { TestCard } from '../../../shared/donations.ts';
import type { Subscription, SubscriptionChange } from '../../../shared/subscriptions.ts';
import { getJson, sendJson } from '../../lib/api-client.ts';
import { accountScope } from '../../lib/current-account.ts';
import { donationQueries } from '../donations/api.ts';

/**
 * Where a monthly gift is read and changed: the signed-in donor's own under /subscriptions/{id}, or the
 * one a manage link names under /subscriptions/link/{token} (the token is the permission, no sign-in).
 */
export interface GiftAddress {
  /** The gift's own address under /api: PUT changes it, POST `{path}/card` replaces its card. */
  path: string;
  /** The query the gift is shown from, refreshed after each change. */
  queryKey: readonly unknown[];
}

/** The signed-in donor's gifts: under the account's scope, so signing out forgets them. */
const mineKey = [...accountScope, 'monthly-gifts'] as const;
const linkKey = (token: string) => ['monthly-gift-link', token] as const;

const mineBase = '/subscriptions';
const linkBase = (token: string) => `/subscriptions/link/${encodeURIComponent(token)}`;

export const giftAddress = {
  mine: (id: string): GiftAddress => ({ path: `${mineBase}/${encodeURIComponent(id)}`, queryKey: mineKey }),
  link: (token: string): GiftAddress => ({ path: linkBase(token), queryKey: linkKey(token) }),
};

export const subscriptionQueries = {
  /** GET /api/subscriptions: the caller's monthly gifts. */
  mine: () =>
    queryOptions({
      queryKey: mineKey,
      queryFn: async ({ signal }) => (await getJson<Subscription[]>(mineBase, signal)).data,
    }),
  /** The gift a manage link names; a link that is wrong (404) or too old (403) stays so: no retries. */
  link: (token: string) =>
    queryOptions({
      queryKey: linkKey(token),
      queryFn: async ({ signal }) => (await getJson<Subscription>(linkBase(token), signal)).data,
      retry: false,
    }),
};

/** A new amount, or pause, resume or cancel: the gift as it is after the change. */
export async function changeGift(path: string, change: SubscriptionChange): Promise<Subscription> {
  return (await sendJson<Subscription>('PUT', path, change)).data;
}

/** The card later payments are taken from (test mode): the gift after the change; a refused card is an error. */
export async function replaceGiftCard(path: string, card: TestCard): Promise<Subscription> {
  return (await sendJson<Subscription>('POST', `${path}/card`, { card })).data;
}

/** After a change: the server's answer shown at once, then the gifts read again. */
export function showChangedGift(queryClient: QueryClient, address: GiftAddress, gift: Subscription) {
  queryClient.setQueryData(address.queryKey, (shown: Subscription | Subscription[] | undefined) =>
    Array.isArray(shown) ? shown.map((each) => (each._id === gift._id ? gift : each)) : gift,
  );
  void queryClient.invalidateQueries({ queryKey: address.queryKey });
}

/**
 * After a change that may have taken a payment (a new card charged at once for a refused month): My
 * Donation's donations are read again, whichever account's list is kept (its key ends with the email).
 */
export function showDonationsAfter(queryClient: QueryClient, gift: Subscription) {
  void queryClient.invalidateQueries({ queryKey: donationQueries.mine(gift.email).queryKey.slice(0, -1) });
}
