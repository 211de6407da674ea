import type { EventWrite } from '../../../shared/events.ts';
import { deleteJson, sendFile, sendJson } from '../../lib/api-client.ts';

/**
 * An event as the form shows it: text (index and key may stay empty; the date is one value). Its
 * questions and waiver are saved beside it (features/questions' part).
 */
export type EventForm = { [Field in keyof Omit<EventWrite, 'questions' | 'waiver'>]-?: string };

export async function addEvent(event: EventWrite): Promise<string> {
  const { data } = await sendJson<{ insertedId: string }>('POST', '/events', event);
  return data.insertedId;
}

export async function updateEvent(id: string, event: EventWrite): Promise<number> {
  const { data } = await sendJson<{ modifiedCount: number }>('PUT', `/events/${encodeURIComponent(id)}`, event);
  return data.modifiedCount;
}

/** How many were deleted: 0 for an event that had already gone (the caller says so, deletedOrSay). */
export async function deleteEvent(id: string): Promise<number> {
  const { data } = await deleteJson<{ deletedCount: number }>(`/events/${encodeURIComponent(id)}`);
  return data.deletedCount;
}

/** A banner picture from the admin's computer; the server checks it and answers its address. */
export async function uploadBanner(file: File): Promise<string> {
  const { data } = await sendFile<{ url: string }>('POST', '/images', file);
  return data.url;
}
