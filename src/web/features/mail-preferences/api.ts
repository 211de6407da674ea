import { queryOptions } from '@tanstack/react-query';
import type { EmailPreferences, Subscription } from '../../../shared/mail-preferences.ts';
import { getJson, sendJson } from '../../lib/api-client.ts';
import { accountScope } from '../../lib/current-account.ts';

export const emailPreferencesQuery = queryOptions({
  queryKey: [...accountScope, 'email-preferences'] as const,
  queryFn: async ({ signal }) => (await getJson<EmailPreferences>('/users/me/email-preferences', signal)).data,
});

export async function saveEmailPreferences(preferences: EmailPreferences): Promise<EmailPreferences> {
  return (await sendJson<EmailPreferences>('PUT', '/users/me/email-preferences', preferences)).data;
}

const tokenQuery = (token: string) => `?token=${encodeURIComponent(token)}`;

/** What an unsubscribe link names, read without signing in: the token is the permission. */
export const subscriptionQuery = (token: string) =>
  queryOptions({
    queryKey: ['subscription', token] as const,
    queryFn: async ({ signal }) => (await getJson<Subscription>(`/mail/subscription${tokenQuery(token)}`, signal)).data,
    retry: false,
  });

export async function setSubscription(token: string, subscribed: boolean): Promise<Subscription> {
  return (await sendJson<Subscription>('PUT', `/mail/subscription${tokenQuery(token)}`, { subscribed })).data;
}
