import { queryOptions } from '@tanstack/react-query';
import type { Question } from '../../../shared/questions.ts';
import type { WaiverWrite } from '../../../shared/waivers.ts';
import { deleteJson, getJson, sendJson } from '../../lib/api-client.ts';
import { accountScope } from '../../lib/current-account.ts';
import { type QuestionDrafts, QuestionEditor, useQuestionDrafts } from './question-editor.tsx';

/**
 * Registration questions and the waiver, as admins set them (issue 33). Another feature uses the
 * question editor through here, as it uses any feature (the settings page's questions for every event).
 */
export { type QuestionDrafts, QuestionEditor, useQuestionDrafts };

/**
 * The organisation's questions, staff-only ones too (admins): offered to each new event, edited on the
 * settings page. Not in the public GET /api/site.
 */
export async function fetchSiteQuestions(signal?: AbortSignal): Promise<Question[]> {
  const { data } = await getJson<Question[]>('/site/questions', signal);
  return data;
}

/** An event's questions, staff-only ones too (admins). */
export async function fetchEventQuestions(eventId: string, signal?: AbortSignal): Promise<Question[]> {
  const { data } = await getJson<Question[]>(`/events/${encodeURIComponent(eventId)}/questions`, signal);
  return data;
}

/** Replaces an event's questions with these, in this order. A 409 when a question's type changes after people answered it. */
export async function saveEventQuestions(eventId: string, questions: readonly Question[]): Promise<number> {
  const { data } = await sendJson<{ modifiedCount: number }>('PUT', `/events/${encodeURIComponent(eventId)}/questions`, { questions });
  return data.modifiedCount;
}

/** Sets an event's waiver: a changed text is a new version, which the answer gives. */
export async function saveWaiver(eventId: string, waiver: WaiverWrite): Promise<number> {
  const { data } = await sendJson<{ version: number }>('PUT', `/events/${encodeURIComponent(eventId)}/waiver`, waiver);
  return data.version;
}

/** Takes an event's waiver off (the signatures given are kept). */
export async function deleteWaiver(eventId: string): Promise<number> {
  const { data } = await deleteJson<{ deletedCount: number }>(`/events/${encodeURIComponent(eventId)}/waiver`);
  return data.deletedCount;
}

export const questionQueries = {
  /** Under the events' key: whatever refreshes events refreshes their questions too. */
  ofEvent: (eventId: string) =>
    queryOptions({
      queryKey: ['events', 'questions', eventId] as const,
      queryFn: ({ signal }) => fetchEventQuestions(eventId, signal),
    }),
  /** The organisation's questions: under the account's key, so signing out drops them (and a drawn page never has them). */
  ofSite: () =>
    queryOptions({
      queryKey: [...accountScope, 'site-questions'] as const,
      queryFn: ({ signal }) => fetchSiteQuestions(signal),
    }),
};
