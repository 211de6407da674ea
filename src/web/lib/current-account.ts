import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
// Types only: the home page loads this module and must not download zod.
import type { Me } from '../../shared/accounts.ts';
import { getJson, sendJson } from './api-client.ts';
import { isApiError } from './api-error.ts';
import { notify } from './notify.ts';

/**
 * The signed-in person is the auth state of the whole app: the navigation bar, the guards and the
 * dashboard all read this one query. Queries that belong to the signed-in person go under
 * `accountScope`, so signing out drops them all.
 */
export const accountScope = ['account'] as const;

/** The account, or null when nobody is signed in (the server answers 401). */
export async function fetchCurrentAccount(signal?: AbortSignal): Promise<Me | null> {
  try {
    const { data } = await getJson<Me | null>('/users/me', signal);
    return data;
  } catch (error) {
    if (isApiError(error, 'unauthenticated')) return null;
    throw error;
  }
}

export const currentAccountQuery = queryOptions({
  queryKey: [...accountScope, 'me'] as const,
  queryFn: ({ signal }) => fetchCurrentAccount(signal),
});

/** `account` is undefined while loading, null when signed out. */
export function useCurrentAccount() {
  const query = useQuery(currentAccountQuery);
  return { account: query.data, isPending: query.isPending, error: query.error, refetch: query.refetch };
}

/** Asks the server for the account again (after sign-in, sign-up or a profile change) and waits for it. */
export function refreshCurrentAccount(queryClient: QueryClient) {
  return queryClient.fetchQuery({ ...currentAccountQuery, staleTime: 0 });
}

/** Logout: ends the session, forgets everything that belonged to it and goes to /login. */
export function useSignOut() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    try {
      await sendJson('POST', '/auth/sign-out', {});
    } catch (error) {
      // A session that had already ended is as good as signed out.
      if (!isApiError(error, 'unauthenticated')) {
        setPending(false);
        void notify({ color: 'red', title: t('account.stillSignedIn'), message: (error as Error).message });
        return;
      }
    }
    // Leave the signed-in page first, so its guard does not send the person to /login as a
    // visitor who should come back to it after signing in.
    await navigate('/login');
    queryClient.removeQueries({ queryKey: accountScope, predicate: (query) => query.queryKey[1] !== 'me' });
    queryClient.setQueryData(currentAccountQuery.queryKey, null);
    // The door page's service worker keeps the account for a visit with no connection (decision 032): no longer.
    if (typeof caches !== 'undefined') void caches.delete('hh-checkin-account').catch(() => undefined);
    setPending(false);
  }

  return { signOut, pending };
}
