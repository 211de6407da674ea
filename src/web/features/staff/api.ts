import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
// Types only: the pages check nothing the server has not checked already.
import type { Me } from '../../../shared/accounts.ts';
import { formatShiftTimes } from '../../../shared/format.ts';
import type { ShiftSummary } from '../../../shared/shifts.ts';
import type { DoorEvent, EventStaffMember } from '../../../shared/staff.ts';
import { deleteJson, getJson, sendJson } from '../../lib/api-client.ts';
import { ApiError, isApiError } from '../../lib/api-error.ts';
import { accountScope } from '../../lib/current-account.ts';

/**
 * Door staff and shift leads (DECISIONS.md 5.4): the people an admin names to run one event's door,
 * who may then use that event's check-in and roster pages, and nothing else.
 */

/** An admin who has passed the second factor runs every door; anyone else only the doors they were named to. */
export const runsEveryDoor = (account: Me | null | undefined): boolean => account?.role === 'admin' && !account.mfaRequired;

/** GET /api/door/events: the events (to come or under way) whose door the signed-in person was named to run. */
export async function fetchDoorEvents(signal?: AbortSignal): Promise<DoorEvent[]> {
  const { data } = await getJson<DoorEvent[]>('/door/events', signal);
  return data;
}

/** GET /api/events/{id}/staff (admins): who may run the event's door, in the order they were named. */
export async function fetchEventStaff(eventId: string, signal?: AbortSignal): Promise<EventStaffMember[]> {
  const { data } = await getJson<EventStaffMember[]>(`/events/${encodeURIComponent(eventId)}/staff`, signal);
  return data;
}

/** The person named, as the server found them by their account's email. */
export type StaffAdded = Omit<EventStaffMember, 'addedAt'>;

/** POST /api/events/{id}/staff (admins): 400 with `fields.email` when no account has the email. */
export async function addEventStaff(eventId: string, email: string): Promise<StaffAdded> {
  const { data } = await sendJson<StaffAdded>('POST', `/events/${encodeURIComponent(eventId)}/staff`, { email });
  return data;
}

/** DELETE /api/events/{id}/staff/{accountId} (admins): 0 when they were not named for it. */
export async function removeEventStaff(eventId: string, accountId: string): Promise<number> {
  const { data } = await deleteJson<{ deletedCount: number }>(
    `/events/${encodeURIComponent(eventId)}/staff/${encodeURIComponent(accountId)}`,
  );
  return data.deletedCount;
}

/**
 * Asking again will not change a 4xx answer; with no connection at all, asking again only keeps the door
 * waiting (the guard then looks for the list kept on the phone); otherwise two more tries.
 */
function retryDoorEvents(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (isApiError(error, 'bad_response')) return false;
  if (isApiError(error, 'network') && typeof navigator !== 'undefined' && !navigator.onLine) return false;
  return failureCount < 2;
}

export const staffQueries = {
  /**
   * Under the account's scope: signing out forgets them. Asked for whatever the browser says of the
   * network (`networkMode: 'always'`): offline, the answer is a failure the door guard can act on, not a
   * wait that never ends.
   */
  doorEvents: () =>
    queryOptions({
      queryKey: [...accountScope, 'door-events'] as const,
      queryFn: ({ signal }) => fetchDoorEvents(signal),
      networkMode: 'always',
      retry: retryDoorEvents,
    }),
  /** Changed only by admins, here: each change asks for it again. */
  ofEvent: (eventId: string) =>
    queryOptions({
      queryKey: [...accountScope, 'event-staff', eventId] as const,
      queryFn: ({ signal }) => fetchEventStaff(eventId, signal),
    }),
};

/** After the door staff of an event changed: its list, and the admin's own door events (they may have named themselves). */
function useStaffChanged(eventId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: staffQueries.ofEvent(eventId).queryKey });
    void queryClient.invalidateQueries({ queryKey: staffQueries.doorEvents().queryKey });
  };
}

/** Names someone (by their account's email) to run the event's door. */
export function useAddEventStaff(eventId: string) {
  const changed = useStaffChanged(eventId);
  return useMutation({
    mutationFn: (email: string) => addEventStaff(eventId, email),
    onSuccess: changed,
  });
}

/** Takes the event's door from someone. */
export function useRemoveEventStaff(eventId: string) {
  const changed = useStaffChanged(eventId);
  return useMutation({
    mutationFn: (member: Pick<EventStaffMember, 'accountId'>) => removeEventStaff(eventId, member.accountId),
    onSuccess: changed,
  });
}

/** The door's words, where shifts are said: the door area's. */
export type DoorT = TFunction<'door'>;

/**
 * A shift as the roster and the door say it: its role and its times,
 * 'Driver, Saturday 5 December 2026, 8:00 am – 10:00 am'.
 */
export function shiftLabel(shift: ShiftSummary, t: DoorT, language: string): string {
  return t('shift.label', { role: shift.role, time: formatShiftTimes(shift.startsAt, shift.endsAt, language) });
}

/** 'Shift: Driver, Saturday 5 December 2026, 8:00 am – 10:00 am': under a person's name at the door. */
export function shiftLine(shift: ShiftSummary, t: DoorT, language: string): string {
  return t('shift.line', { shift: shiftLabel(shift, t, language) });
}
