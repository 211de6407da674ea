import { queryOptions } from '@tanstack/react-query';
import type { Registration } from '../../../shared/registrations.ts';
import { deleteJson, getJson, sendJson } from '../../lib/api-client.ts';
import { accountScope } from '../../lib/current-account.ts';

/** The registrations of one person (the signed-in one: the server answers 403 for anyone else's). */
export async function fetchRegistrationsOf(email: string, signal?: AbortSignal): Promise<Registration[]> {
  const { data } = await getJson<Registration[]>(`/register/event/${encodeURIComponent(email)}`, signal);
  return data;
}

/** Registers the signed-in person; the server takes everything but the event from the account. */
export async function registerForEvent(eventId: string): Promise<string> {
  const { data } = await sendJson<{ insertedId: string }>('POST', '/register', { eventId });
  return data.insertedId;
}

/** Cancels a registration; 0 when it was already gone. */
export async function cancelRegistration(id: string): Promise<number> {
  const { data } = await deleteJson<{ deletedCount: number }>(`/register/${encodeURIComponent(id)}`);
  return data.deletedCount;
}

export const registrationQueries = {
  /** Under the account's scope: signing out forgets them. */
  mine: (email: string) =>
    queryOptions({
      queryKey: [...accountScope, 'registrations', email] as const,
      queryFn: ({ signal }) => fetchRegistrationsOf(email, signal),
    }),
};
