import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Pass } from '../../../shared/checkin.ts';
import type { Answers } from '../../../shared/questions.ts';
import type { Registration, RegistrationCreated } from '../../../shared/registrations.ts';
import { deleteJson, getJson, sendJson } from '../../lib/api-client.ts';
import { webConfig } from '../../lib/config.ts';
import { accountScope, useCurrentAccount } from '../../lib/current-account.ts';
import type { WaiverSignature } from '../waivers/api.ts';

/** The registrations of one person (the signed-in one: the server answers 403 for anyone else's). */
export async function fetchRegistrationsOf(email: string, signal?: AbortSignal): Promise<Registration[]> {
  const { data } = await getJson<Registration[]>(`/register/event/${encodeURIComponent(email)}`, signal);
  return data;
}

/**
 * Registers the signed-in person; the server takes everything but the event (and, on an event staffed
 * by shifts, the shifts taken; on an event that asks questions, the answers; on an event with a waiver,
 * its signature) from the account. A full event or shift answers with a number on its waitlist; a
 * refused answer with 400 naming `answers.<id>`, a refused signature `waiver.*`, a waiver changed since
 * it was read 409 naming `waiver.version`.
 */
export async function registerForEvent(
  eventId: string,
  shiftIds?: string[],
  answers?: Answers,
  waiver?: WaiverSignature,
): Promise<RegistrationCreated> {
  const { data } = await sendJson<RegistrationCreated>('POST', '/register', {
    eventId,
    ...(shiftIds ? { shiftIds } : {}),
    ...(answers ? { answers } : {}),
    ...(waiver ? { waiver } : {}),
  });
  return data;
}

/**
 * Replaces the person's answers for the event of a registration (every registration of theirs at it),
 * until the event starts (409 after); the answers as kept. A refused answer: 400 naming `answers.<id>`.
 */
export async function changeAnswers(registrationId: string, answers: Answers): Promise<Record<string, unknown> | null> {
  const { data } = await sendJson<{ answers: Record<string, unknown> | null }>(
    'PUT',
    `/register/${encodeURIComponent(registrationId)}/answers`,
    { answers },
  );
  return data.answers;
}

/** Cancels a registration; 0 when it was already gone. */
export async function cancelRegistration(id: string): Promise<number> {
  const { data } = await deleteJson<{ deletedCount: number }>(`/register/${encodeURIComponent(id)}`);
  return data.deletedCount;
}

/** The pass of one of the person's registrations: the signed token its QR code holds (403 for anyone else's). */
export async function fetchPass(registrationId: string, signal?: AbortSignal): Promise<Pass> {
  const { data } = await getJson<Pass>(`/register/${encodeURIComponent(registrationId)}/pass`, signal);
  return data;
}

export const registrationQueries = {
  /** A pass does not change while its registration stands: asked for once per visit. */
  pass: (registrationId: string) =>
    queryOptions({
      queryKey: [...accountScope, 'registration-pass', registrationId] as const,
      queryFn: ({ signal }) => fetchPass(registrationId, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** Under the account's scope: signing out forgets them. */
  mine: (email: string) =>
    queryOptions({
      queryKey: [...accountScope, 'registrations', email] as const,
      queryFn: ({ signal }) => fetchRegistrationsOf(email, signal),
    }),
};

/**
 * The signed-in person's registrations for an event, from their own list (the public event replies
 * carry nothing about a person): one for an event of one pool of places, one per shift taken on an
 * event staffed by shifts; undefined when signed out or not loaded yet.
 */
export function useMyRegistrations(eventId: string): Registration[] | undefined {
  const { account } = useCurrentAccount();
  const email = account?.email ?? '';
  const query = useQuery({ ...registrationQueries.mine(email), enabled: Boolean(email) });
  return query.data?.filter((registration) => registration.eventId === eventId);
}

/**
 * Where the signed-in person stands with an event, as one registration: one with a place if they have
 * any (a shift's, on an event staffed by shifts), else the nearest to the front of a waitlist; undefined
 * when they have none.
 */
export function useMyRegistration(eventId: string): Registration | undefined {
  const mine = useMyRegistrations(eventId) ?? [];
  return (
    mine.find((registration) => registration.status === 'registered') ??
    [...mine].sort((a, b) => (a.position ?? Number.POSITIVE_INFINITY) - (b.position ?? Number.POSITIVE_INFINITY))[0]
  );
}

/** Where the registrations can be downloaded as CSV (admins only; the browser sends the session cookie). */
export const registrationsCsvUrl = `${webConfig.apiBase}/register/export.csv`;
