import type { SetupBody, SetupDone, SetupStatus } from '../../../shared/setup.ts';
import { getJson, sendJson } from '../../lib/api-client.ts';

/**
 * Whether the address's code is the current one (GET /api/setup): asked by the browser only, as the
 * code is the page's secret; a 404 means set-up is done.
 */
export const setupStatusQuery = (code: string) => ({
  queryKey: ['setup', code] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await getJson<SetupStatus>(code ? `/setup?code=${encodeURIComponent(code)}` : '/setup', signal)).data,
  meta: { browserOnly: true },
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
});

/** Makes the first admin (signed in) and names the organisation. */
export async function finishSetup(body: SetupBody): Promise<SetupDone> {
  return (await sendJson<SetupDone>('POST', '/setup', body)).data;
}

/** 'Send a test email': to the admin's own address unless `to` is given. */
export async function sendTestEmail(to?: string): Promise<{ to: string }> {
  return (await sendJson<{ to: string }>('POST', '/site/test-email', to ? { to } : {})).data;
}
