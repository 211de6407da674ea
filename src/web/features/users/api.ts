import { queryOptions } from '@tanstack/react-query';
import type { Account, ProfileUpdate, Role } from '../../../shared/accounts.ts';
import { type AccountDeletion, type OwnData, ownDataFileName } from '../../../shared/own-data.ts';
import type { Registration } from '../../../shared/registrations.ts';
import type { Site } from '../../../shared/site.ts';
import { deleteJson, getJson, sendFile, sendJson } from '../../lib/api-client.ts';

/** Creates the account and signs it in (the server sets the session cookie). */
export async function signUp(body: { name: string; email: string; password: string }): Promise<void> {
  await sendJson('POST', '/auth/sign-up/email', body);
}

/** Signs in; `needsCode` when the account has two-step sign-in on and the code step comes next. */
export async function signIn(body: { email: string; password: string }): Promise<{ needsCode: boolean }> {
  const { data } = await sendJson<{ twoFactorRedirect?: boolean }>('POST', '/auth/sign-in/email', body);
  return { needsCode: data.twoFactorRedirect === true };
}

/**
 * A code from the authenticator app (or a recovery code): finishes a sign-in waiting for it, confirms
 * the set-up, or confirms this session for admin pages.
 */
export async function verifySecondFactor(kind: 'app' | 'recovery', code: string): Promise<void> {
  await sendJson('POST', kind === 'app' ? '/auth/two-factor/verify-totp' : '/auth/two-factor/verify-backup-code', { code });
}

/** Starts the set-up: the address for the authenticator app (as a QR code) and the recovery codes. */
export async function startSecondFactorSetUp(password: string): Promise<{ totpURI: string; backupCodes: string[] }> {
  const { data } = await sendJson<{ totpURI: string; backupCodes: string[] }>('POST', '/auth/two-factor/enable', { password });
  return data;
}

/** New recovery codes; the old ones stop working. */
export async function renewRecoveryCodes(password: string): Promise<string[]> {
  const { data } = await sendJson<{ backupCodes: string[] }>('POST', '/auth/two-factor/generate-backup-codes', { password });
  return data.backupCodes;
}

export async function turnOffSecondFactor(password: string): Promise<void> {
  await sendJson('POST', '/auth/two-factor/disable', { password });
}

/** Confirms the address with the token from the mailed link (what /verify-email does on load). */
export async function verifyEmail(token: string, signal?: AbortSignal): Promise<void> {
  await getJson(`/auth/verify-email?token=${encodeURIComponent(token)}`, signal);
}

/** 'Send the link again': signed in, to the account's own address; signed out, to `email` if it has an unconfirmed account. */
export async function sendVerificationEmail(email: string): Promise<void> {
  await sendJson('POST', '/auth/send-verification-email', { email });
}

/** 'Forgot password?': the server answers alike whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await sendJson('POST', '/auth/request-password-reset', { email });
}

/** Sets a new password with the token from the mailed link; every session of the account ends. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await sendJson('POST', '/auth/reset-password', { token, newPassword });
}

/**
 * 'Continue With Google': the server answers with the identity provider's address, and the browser
 * leaves for it; the provider sends the person back to `returnTo` (or to /login with an error).
 */
export async function startSocialSignIn(provider: NonNullable<Site['socialSignIn']>, returnTo: string): Promise<void> {
  const origin = window.location.origin;
  const { data } = await sendJson<{ url: string; redirect: boolean }>('POST', '/auth/sign-in/social', {
    provider,
    callbackURL: origin + returnTo,
    errorCallbackURL: `${origin}/login`,
  });
  window.location.href = data.url;
}

/** Stores the signed-in person's picture; the answer is its new address. */
export async function uploadProfilePhoto(file: File): Promise<string> {
  const { data } = await sendFile<{ photoURL: string }>('PUT', '/users/photo', file);
  return data.photoURL;
}

export async function updateProfile(update: ProfileUpdate): Promise<number> {
  const { data } = await sendJson<{ modifiedCount: number }>('PUT', '/users', update);
  return data.modifiedCount;
}

/** The profile form's starting values: what the account already has. */
export function profileFormValues(account: Account): Omit<ProfileUpdate, 'displayName'> {
  return {
    address: account.address ?? '',
    age: account.age ?? '',
    education: account.education ?? '',
    occupation: account.occupation ?? '',
  };
}

/**
 * 'Download my data': everything the server holds about the account, saved by the browser as the
 * file the server names (`helping-hands-data-YYYY-MM-DD.json`).
 */
export async function downloadOwnData(): Promise<void> {
  const { data, headers } = await getJson<OwnData>('/users/me/export');
  const named = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1];
  const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = named ?? ownDataFileName(new Date().toISOString().slice(0, 10));
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** 'Delete my account': `confirm` is the account's email, typed again. The server clears the session. */
export async function deleteOwnAccount(body: AccountDeletion): Promise<void> {
  await sendJson('DELETE', '/users/me', body);
}

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

/**
 * Removes the sign-in, sessions and registrations; donations stay (DECISIONS 3.8). How many were
 * deleted: 0 for an account that had already gone (the caller says so, deletedOrSay).
 */
export async function deleteAccount(id: string): Promise<number> {
  const { data } = await deleteJson<{ deletedCount: number }>(`/users/${encodeURIComponent(id)}`);
  return data.deletedCount;
}
