import { queryOptions } from '@tanstack/react-query';
import type { Account, Role } from '../../../shared/accounts.ts';
import type { Registration } from '../../../shared/registrations.ts';
import { deleteJson, getJson, sendJson } from '../../lib/api-client.ts';
import { webConfig } from '../../lib/config.ts';
import { deletedOrSay } from '../../lib/deleted-or-say.ts';

/** One registration or account opened from an admin list; its own key, invalidated with the lists. */
export const adminPeopleKey = ['admin-people'] as const;

export const adminPeopleQueries = {
  registration: (id: string) =>
    queryOptions({
      queryKey: [...adminPeopleKey, 'registration', id] as const,
      queryFn: async ({ signal }) => (await getJson<Registration>(`/register/${encodeURIComponent(id)}`, signal)).data,
    }),
  account: (id: string) =>
    queryOptions({
      queryKey: [...adminPeopleKey, 'account', id] as const,
      queryFn: async ({ signal }) => (await getJson<Account>(`/users/account/${encodeURIComponent(id)}`, signal)).data,
    }),
};

/** 1 when the role changed, 0 when the account already had it. */
export async function changeRole(email: string, role: Role): Promise<number> {
  const { data } = await sendJson<{ modifiedCount: number }>('PUT', '/users/role', { email, role });
  return data.modifiedCount;
}

export async function deleteRegistration(id: string): Promise<number> {
  const { data } = await deleteJson<{ deletedCount: number }>(`/register/${encodeURIComponent(id)}`);
  return deletedOrSay(data.deletedCount, 'This registration had already been deleted.');
}

/** Removes the sign-in, sessions and registrations; donations stay (DECISIONS 3.8). */
export async function deleteAccount(id: string): Promise<number> {
  const { data } = await deleteJson<{ deletedCount: number }>(`/users/${encodeURIComponent(id)}`);
  return deletedOrSay(data.deletedCount, 'This account had already been deleted.');
}

/** Where the registrations can be downloaded as CSV (admins only; the browser sends the session cookie). */
export const registrationsCsvUrl = `${webConfig.apiBase}/register/export.csv`;
