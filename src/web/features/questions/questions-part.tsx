import { Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Question } from '../../../shared/questions.ts';
import type { EventWaiver, WaiverWrite } from '../../../shared/waivers.ts';
import type { FormPart, PartFailure } from '../../lib/forms/form-part.ts';
import { failureMessage } from '../../lib/forms/schema-errors.ts';
import { deleteWaiver, saveEventQuestions, saveWaiver } from './api.ts';
import { QuestionEditor, useQuestionDrafts } from './question-editor.tsx';
import { useWaiverDraft, WaiverEditor } from './waiver-editor.tsx';

interface QuestionsPartOptions {
  /** What the form starts with: the event's own questions (Update Event), or the organisation's, offered to a new event. */
  questions?: readonly Question[];
  /** The event's waiver; null: none. */
  waiver?: EventWaiver | null;
  /** The questions are the event's own, which people may have answered: taking one off asks first. */
  answered?: boolean;
}

/** What a new event is created with (`questions` and `waiver` of POST /api/events). */
export interface SentWithEvent {
  questions: Question[];
  /** The waiver's text; null: none. */
  waiver: WaiverWrite | null;
}

export interface QuestionsPart extends FormPart {
  /**
   * Creates a new event with its questions and waiver in the same request (so it is never public
   * without its waiver): `create` is given them as the form holds them (once `check` passed). Created,
   * the part's `save` for it sends nothing more (only what changes after, on a retry). Refused, the
   * server's messages about them (`questions.2.label`, `waiver.text`) go beside their boxes.
   */
  sendWithEvent: <Result>(create: (values: SentWithEvent) => Promise<Result>) => Promise<Result>;
}

/**
 * An event's registration questions and waiver as a part of its form (the shape the event form takes as
 * `part`, beside the shifts): drawn after the event's own boxes, checked with them, and saved once the
 * event is: its questions (PUT) when they differ from what it has, then its waiver set or taken off when
 * that changed. A new event is created with them (`sendWithEvent`): the part then saves only what
 * changed since, when the form is saved again after something else failed.
 */
export function useQuestionsPart({ questions = [], waiver = null, answered = false }: QuestionsPartOptions = {}): QuestionsPart {
  const { t } = useTranslation('manage');
  const drafts = useQuestionDrafts(questions, { answered });
  const waiverDraft = useWaiverDraft(waiver);
  const offered = !answered && questions.length > 0;
  /** What the event just created was sent with: its part's save that follows has nothing to send. */
  const sentWithEvent = useRef<SentWithEvent | null>(null);
  /**
   * A refused create's messages shown: focus goes to the first box of the form that says what is wrong
   * (the event's own, which the event form marks too, come first).
   */
  const box = useRef<HTMLDivElement>(null);
  const [focusAsked, setFocusAsked] = useState(0);
  useEffect(() => {
    if (focusAsked === 0) return;
    const within = box.current?.closest('form') ?? box.current;
    within?.querySelector<HTMLElement>(':is(input, textarea, select)[aria-invalid="true"]')?.focus();
  }, [focusAsked]);

  return {
    render: () => (
      <Stack gap="md" ref={box}>
        <QuestionEditor drafts={drafts} hint={offered ? t('questionEditor.offeredHint') : undefined} />
        <WaiverEditor draft={waiverDraft} />
      </Stack>
    ),
    check: () => {
      const questionsFine = drafts.check();
      return waiverDraft.check() && questionsFine;
    },
    question: () => null,
    sendWithEvent: async (create) => {
      const change = waiverDraft.change();
      const values: SentWithEvent = { questions: drafts.questions(), waiver: change && 'text' in change ? change : null };
      sentWithEvent.current = null;
      try {
        const result = await create(values);
        sentWithEvent.current = values;
        return result;
      } catch (error) {
        const questionsSaid = drafts.fail(error);
        // Each puts its own messages beside its boxes; focus goes to the first box that shows one.
        if (waiverDraft.fail(error, 'waiver.text') || questionsSaid) setFocusAsked((count) => count + 1);
        throw error;
      }
    },
    save: async (eventId) => {
      const sent = sentWithEvent.current;
      if (sent) {
        // Created with them: the event holds these now (a new event's waiver is its version 1).
        sentWithEvent.current = null;
        drafts.markSaved(sent.questions);
        waiverDraft.markSaved(sent.waiver && { version: 1, text: sent.waiver.text });
        return null;
      }
      let failure: PartFailure | null = null;
      if (drafts.changed()) {
        const changed = drafts.questions();
        try {
          await saveEventQuestions(eventId, changed);
          drafts.markSaved(changed);
        } catch (error) {
          failure = {
            title: t('questionEditor.failedTitle'),
            message: t('questionEditor.failedText', { message: failureMessage(error) }),
            onField: drafts.fail(error),
          };
        }
      }
      const change = waiverDraft.change();
      if (change) {
        try {
          if ('remove' in change) {
            await deleteWaiver(eventId);
            waiverDraft.markSaved(null);
          } else {
            const version = await saveWaiver(eventId, change);
            waiverDraft.markSaved({ version, text: change.text });
          }
        } catch (error) {
          const onField = waiverDraft.fail(error);
          failure ??= {
            title: t('waiverEditor.failedTitle'),
            message: t('waiverEditor.failedText', { message: failureMessage(error) }),
            onField,
          };
        }
      }
      return failure;
    },
  };
}
