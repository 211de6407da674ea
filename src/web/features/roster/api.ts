import { queryOptions } from '@tanstack/react-query';
import type { CheckinPerson, EventCheckins } from '../../../shared/checkin.ts';
import type { Roster } from '../../../shared/roster.ts';
import { getJson, sendJson } from '../../lib/api-client.ts';
import { webConfig } from '../../lib/config.ts';
import { accountScope } from '../../lib/current-account.ts';
import { type AnswerLine, AnswerList, answerLines } from './answers.tsx';

/** A person's answers as the roster shows them: the door uses them through here, as it uses any feature. */
export { type AnswerLine, AnswerList, answerLines };

/** Admins only: the server answers 403 to anyone else, 404 for an unknown event. */
export async function fetchRoster(eventId: string, signal?: AbortSignal): Promise<Roster> {
  const { data } = await getJson<Roster>(`/events/${encodeURIComponent(eventId)}/roster`, signal);
  return data;
}

/**
 * The roster as a CSV download (the browser fetches it with the session cookie): a column per question
 * the reader may see, less the sensitive ones unless `sensitive` (admins only: door staff get 403).
 */
export const rosterCsvUrl = (eventId: string, { sensitive = false } = {}) =>
  `${webConfig.apiBase}/events/${encodeURIComponent(eventId)}/roster.csv${sensitive ? '?include=sensitive' : ''}`;

/** Who of an event's registered people was checked in, and the hours each is credited with (admins only). */
export async function fetchCheckins(eventId: string, signal?: AbortSignal): Promise<EventCheckins> {
  const { data } = await getJson<EventCheckins>(`/events/${encodeURIComponent(eventId)}/checkins`, signal);
  return data;
}

/** Sets a person's hours for the event (admins only); null gives them the event's own again. */
export async function adjustHours(registrationId: string, hours: number | null): Promise<CheckinPerson> {
  const { data } = await sendJson<CheckinPerson>('PATCH', `/checkin/${encodeURIComponent(registrationId)}`, { hours });
  return data;
}

export const rosterQueries = {
  checkins: (eventId: string) =>
    queryOptions({
      queryKey: [...accountScope, 'roster-checkins', eventId] as const,
      queryFn: ({ signal }) => fetchCheckins(eventId, signal),
      staleTime: 0,
    }),
  of: (eventId: string) =>
    queryOptions({
      queryKey: [...accountScope, 'roster', eventId] as const,
      queryFn: ({ signal }) => fetchRoster(eventId, signal),
      staleTime: 0,
    }),
};
