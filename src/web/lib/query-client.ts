import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { currentAccountQuery } from './current-account.ts';

/** Asking again will not change a 4xx answer; network failures and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && error.code === 'bad_response') return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  // An admin call answered `mfa_required` (ADMIN_MFA=required, and the second factor missing or not
  // passed in this session): the account is read again, and its `mfaRequired` sends the admin pages
  // to /dashboard/security (RequireAdmin).
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'mfa_required')
      void client.invalidateQueries({ queryKey: currentAccountQuery.queryKey });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
  return client;
}
