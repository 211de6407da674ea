import type { EventWrite } from '../../../shared/events.ts';
import { deleteJson, sendFile, sendJson } from '../../lib/api-client.ts';
import { deletedOrSay } from '../../lib/deleted-or-say.ts';

/** The form's values as typed: text, as the API accepts them (index and key may stay empty). */
export type EventForm = { [Field in keyof EventWrite]-?: string };

export async function addEvent(form: EventForm): Promise<string> {
  const { data } = await sendJson<{ insertedId: string }>('POST', '/events', form);
  return data.insertedId;
}

export async function updateEvent(id: string, form: EventForm): Promise<number> {
  const { data } = await sendJson<{ modifiedCount: number }>('PUT', `/events/${encodeURIComponent(id)}`, form);
  return data.modifiedCount;
}

export async function deleteEvent(id: string): Promise<number> {
  const { data } = await deleteJson<{ deletedCount: number }>(`/events/${encodeURIComponent(id)}`);
  return deletedOrSay(data.deletedCount, 'This event had already been deleted.');
}

/** A banner picture from the admin's computer; the server checks it and answers its address. */
export async function uploadBanner(file: File): Promise<string> {
  const { data } = await sendFile<{ url: string }>('POST', '/images', file);
  return data.url;
}
