import { queryOptions } from '@tanstack/react-query';
import type { SignedWaiver } from '../../../shared/waivers.ts';
import { getJson } from '../../lib/api-client.ts';
import { accountScope } from '../../lib/current-account.ts';

/**
 * `waiver` on POST /api/register: the event's waiver accepted and signed with the person's full name (a
 * parent's or guardian's too when the answers say they are under 18), and the version they read: a newer
 * one is refused with 409 (`waiver.version`), so nobody signs a text they did not see.
 */
export interface WaiverSignature {
  accepted: true;
  signedName: string;
  guardianName?: string;
  version: number;
}

/** The page of a registration's signed waiver, to read and print. */
export const signedWaiverPath = (registrationId: string) => `/dashboard/registrations/${encodeURIComponent(registrationId)}/waiver`;

/** The waiver signed with a registration: for the person or an admin (404 when it has none). */
export async function fetchSignedWaiver(registrationId: string, signal?: AbortSignal): Promise<SignedWaiver> {
  const { data } = await getJson<SignedWaiver>(`/register/${encodeURIComponent(registrationId)}/waiver`, signal);
  return data;
}

export const waiverQueries = {
  /** A signature never changes once made: asked for once per visit, under the account's scope (signing out forgets it). */
  signed: (registrationId: string) =>
    queryOptions({
      queryKey: [...accountScope, 'signed-waiver', registrationId] as const,
      queryFn: ({ signal }) => fetchSignedWaiver(registrationId, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
