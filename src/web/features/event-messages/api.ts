import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AfterEventState,
  AfterEventWrite,
  EventMessage,
  EventMessageAudience,
  EventMessageCreated,
  EventMessageReach,
  EventMessageTest,
  EventMessageWrite,
} from '../../../shared/event-messages.ts';
import { deleteJson, getJson, sendJson } from '../../lib/api-client.ts';
import { accountScope } from '../../lib/current-account.ts';

/** The admin page for writing to an event's people. */
export const eventMessagesPath = (eventId: string) => `/dashboard/events/${eventId}/messages`;

const messagesOf = (eventId: string) => `/events/${encodeURIComponent(eventId)}/messages`;

/** Admins only: every message written to the event's people, newest first; 404 for an unknown event. */
export async function fetchEventMessages(eventId: string, signal?: AbortSignal): Promise<EventMessage[]> {
  const { data } = await getJson<EventMessage[]>(messagesOf(eventId), signal);
  return data;
}

/** Who a message to `audience` (of one shift, or all with '') would reach now, and who turned event updates off. */
export async function fetchReach(eventId: string, audience: EventMessageAudience, shiftId: string, signal?: AbortSignal) {
  const search = new URLSearchParams({ audience });
  if (shiftId) search.set('shiftId', shiftId);
  const { data } = await getJson<EventMessageReach>(`${messagesOf(eventId)}/audience?${search}`, signal);
  return data;
}

/** Sends it now, or at `sendAt`: how many it reaches and when it goes. */
export async function sendEventMessage(eventId: string, message: EventMessageWrite): Promise<EventMessageCreated> {
  const { data } = await sendJson<EventMessageCreated>('POST', messagesOf(eventId), message);
  return data;
}

/** A copy to the admin writing it, only: the address it went to. */
export async function sendTestMessage(eventId: string, message: EventMessageTest): Promise<string> {
  const { data } = await sendJson<{ to: string }>('POST', `${messagesOf(eventId)}/test`, message);
  return data.to;
}

/** Cancels a scheduled message: 409 once it has started going or was cancelled already. */
export async function cancelEventMessage(eventId: string, messageId: string): Promise<EventMessage> {
  const { data } = await deleteJson<EventMessage>(`${messagesOf(eventId)}/${encodeURIComponent(messageId)}`);
  return data;
}

/** Admins only: whether the after-event messages are on, when they go, and where they stand. */
export async function fetchAfterEvent(eventId: string, signal?: AbortSignal): Promise<AfterEventState> {
  const { data } = await getJson<AfterEventState>(`${messagesOf(eventId)}/after-event`, signal);
  return data;
}

/**
 * Turns the after-event messages on (two scheduled messages in the history) or off (those cancelled):
 * 409 once the day after the event has passed, or once they went.
 */
export async function setAfterEvent(eventId: string, enabled: boolean): Promise<AfterEventState> {
  const body: AfterEventWrite = { enabled };
  const { data } = await sendJson<AfterEventState>('PUT', `${messagesOf(eventId)}/after-event`, body);
  return data;
}

/**
 * While a message is about to go (its time within the minute), is going out, or has copies the outbox
 * has not finished with, its status and counts are about to change. One scheduled for next week is not
 * asked about every 5 s.
 */
const stillGoing = (messages: EventMessage[] | undefined) =>
  messages?.some(
    (message) =>
      message.status === 'sending' ||
      (message.status === 'scheduled' && Date.parse(message.sendAt) <= Date.now() + 60_000) ||
      // A copy dropped (its account deleted) never finishes: asked about for an hour after its time at most.
      (message.status === 'sent' &&
        message.sent + message.failed < message.recipients &&
        Date.parse(message.sendAt) > Date.now() - 3_600_000),
  ) ?? false;

export const eventMessageQueries = {
  all: (eventId: string) => [...accountScope, 'event-messages', eventId] as const,
  list: (eventId: string) =>
    queryOptions({
      queryKey: [...eventMessageQueries.all(eventId), 'list'] as const,
      queryFn: ({ signal }) => fetchEventMessages(eventId, signal),
      staleTime: 0,
      refetchInterval: (query) => (stillGoing(query.state.data) ? 5000 : false),
    }),
  reach: (eventId: string, audience: EventMessageAudience, shiftId: string) =>
    queryOptions({
      queryKey: [...eventMessageQueries.all(eventId), 'reach', { audience, shiftId }] as const,
      queryFn: ({ signal }) => fetchReach(eventId, audience, shiftId, signal),
      staleTime: 0,
      // The last count stays on screen (marked as out of date) while the new one comes.
      placeholderData: keepPreviousData,
    }),
  /** The after-event messages' switch and where they stand. */
  afterEvent: (eventId: string) =>
    queryOptions({
      queryKey: [...eventMessageQueries.all(eventId), 'after-event'] as const,
      queryFn: ({ signal }) => fetchAfterEvent(eventId, signal),
      staleTime: 0,
    }),
};
