import { queryOptions } from '@tanstack/react-query';
import i18next from 'i18next';
// Types only: the door page checks nothing the server has not checked already.
import type { Checkin, CheckinCreate, EventCheckins } from '../../../shared/checkin.ts';
import { deleteJson, sendJson } from '../../lib/api-client.ts';
import { ApiError, isApiError } from '../../lib/api-error.ts';
import { accountScope } from '../../lib/current-account.ts';
import { fetchCheckins } from '../roster/api.ts';
import { doorStore, type QueuedCheckin } from './door-store.ts';

/** What the server said of one check-in, or that it said nothing the phone can act on. */
export type SendResult =
  | { kind: 'recorded'; checkin: Checkin }
  /** Answered, and refused: the check-in is settled (nothing to send again). */
  | { kind: 'refused'; reason: string; message: string; name: string | null; checkedInAt: string | null }
  /** Not answered (no connection), or answered with something that may pass (a 5xx, a 429): send it again later. */
  | { kind: 'unsent'; error: ApiError };

/** The statuses after which a check-in is settled: 200 above, and these refusals. */
const settledRefusals = new Set([400, 404, 409]);

/**
 * POST /api/checkin with the phone's key (and, for a check-in kept offline, when it was made): sent twice,
 * the same key is answered as the first time, so a queue can always be sent again safely. It names the
 * event whose door made it, so a pass of another event kept offline is refused (409 `other-event`), not
 * counted there.
 */
export async function sendCheckin(item: QueuedCheckin, options: { late: boolean }): Promise<SendResult> {
  const body = {
    eventId: item.eventId,
    ...(item.token !== undefined ? { token: item.token } : { registrationId: item.registrationId }),
    key: item.key,
    ...(options.late ? { at: item.at } : {}),
  } satisfies CheckinCreate;
  try {
    const { data } = await sendJson<Checkin>('POST', '/checkin', body);
    return { kind: 'recorded', checkin: data };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (!settledRefusals.has(error.status)) return { kind: 'unsent', error };
    const details = error.details ?? {};
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const reason = text(details.reason) ?? (error.status === 404 ? 'not-found' : 'not-valid');
    return {
      kind: 'refused',
      reason,
      message: error.message,
      name: text(details.name) ?? item.name,
      checkedInAt: text(details.checkedInAt),
    };
  }
}

/** Undoes a check-in (a wrong person checked in); needs a connection. */
export async function undoCheckin(registrationId: string): Promise<number> {
  const { data } = await deleteJson<{ modifiedCount: number }>(`/checkin/${encodeURIComponent(registrationId)}`);
  return data.modifiedCount;
}

/** The door list and whether it came from the server now or from the copy kept on the phone. */
export interface DoorList {
  list: EventCheckins;
  /** When the copy kept on the phone was saved; null when the server answered just now. */
  keptFrom: string | null;
  /** Whether the phone holds a copy of this list to open with no connection. */
  stored: boolean;
}

/**
 * The event's door list from the server, kept on the phone each time; without a connection, the copy
 * kept last. Asked for whatever the browser says of the network (`networkMode: 'always'`), because the
 * kept copy is the answer when it is offline.
 */
async function fetchDoorList(eventId: string, signal?: AbortSignal): Promise<DoorList> {
  try {
    const list = await fetchCheckins(eventId, signal);
    const stored = await doorStore.doorLists.save(eventId, list).then(
      () => true,
      () => false,
    );
    return { list, keptFrom: null, stored };
  } catch (error) {
    if (!isApiError(error, 'network')) throw error;
    const kept = await doorStore.doorLists.get(eventId).catch(() => undefined);
    // In the door page's words (manage), in the reader's language.
    if (!kept) throw new ApiError(0, 'network', i18next.t('manage:door.noCopy'));
    return { list: kept.list, keptFrom: kept.savedAt, stored: true };
  }
}

/**
 * Whether this phone keeps a door list of the event: only someone the server let read it could have
 * kept one, so with no connection it stands for the door guard's answer. False when IndexedDB refuses.
 */
export function hasKeptDoorList(eventId: string): Promise<boolean> {
  return doorStore.doorLists.get(eventId).then(
    (kept) => kept !== undefined,
    () => false,
  );
}

export const checkinQueries = {
  doorList: (eventId: string) =>
    queryOptions({
      queryKey: [...accountScope, 'door-list', eventId] as const,
      queryFn: ({ signal }) => fetchDoorList(eventId, signal),
      networkMode: 'always',
      staleTime: 0,
      // Other phones at the same door: their check-ins show within a minute (each load is one audit entry).
      refetchInterval: 60_000,
    }),
};
