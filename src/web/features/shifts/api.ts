import { queryOptions } from '@tanstack/react-query';
import type { Shift, ShiftCreate, ShiftUpdate } from '../../../shared/shifts.ts';
import { deleteJson, getJson, sendJson } from '../../lib/api-client.ts';

/** An event's shifts in time order, each with its places and waitlist (empty for an event without shifts). */
export async function fetchShifts(eventId: string, signal?: AbortSignal): Promise<Shift[]> {
  const { data } = await getJson<Shift[]>(`/events/${encodeURIComponent(eventId)}/shifts`, signal);
  return data;
}

export async function addShift(eventId: string, shift: ShiftCreate): Promise<string> {
  const { data } = await sendJson<{ insertedId: string }>('POST', `/events/${encodeURIComponent(eventId)}/shifts`, shift);
  return data.insertedId;
}

export async function updateShift(id: string, shift: ShiftUpdate): Promise<number> {
  const { data } = await sendJson<{ modifiedCount: number }>('PUT', `/shifts/${encodeURIComponent(id)}`, shift);
  return data.modifiedCount;
}

/** How many were deleted: 0 for a shift already gone. Its people are emailed by the server. */
export async function deleteShift(id: string): Promise<number> {
  const { data } = await deleteJson<{ deletedCount: number }>(`/shifts/${encodeURIComponent(id)}`);
  return data.deletedCount;
}

/** A copy of an event on another day (with its shifts, without registrations): the new event's id. */
export async function copyEvent(eventId: string, date: string): Promise<string> {
  const { data } = await sendJson<{ insertedId: string }>('POST', `/events/${encodeURIComponent(eventId)}/copy`, { date });
  return data.insertedId;
}

/** `weeks` weekly copies of an event (1 to 52): their ids, soonest first. */
export async function repeatEvent(eventId: string, weeks: number): Promise<string[]> {
  const { data } = await sendJson<{ insertedIds: string[] }>('POST', `/events/${encodeURIComponent(eventId)}/repeat`, { weeks });
  return data.insertedIds;
}

export const shiftQueries = {
  /** Under the events' key: whatever refreshes events (a registration, an edit) refreshes their shifts too. */
  ofEvent: (eventId: string) =>
    queryOptions({
      queryKey: ['events', 'shifts', eventId] as const,
      queryFn: ({ signal }) => fetchShifts(eventId, signal),
    }),
};
