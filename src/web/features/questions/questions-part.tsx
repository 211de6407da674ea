import { useTranslation } from 'react-i18next';
import type { Question } from '../../../shared/questions.ts';
import type { EventWaiver } from '../../../shared/waivers.ts';
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

/**
 * An event's registration questions and waiver as a part of its form (the shape the event form takes as
 * `part`, beside the shifts): drawn after the event's own boxes, checked with them, and saved once the
 * event is: its questions (PUT) when they differ from what it has, then its waiver set or taken off when
 * that changed. A new event has the organisation's questions already, so they are sent only when changed.
 */
export function useQuestionsPart({ questions = [], waiver = null, answered = false }: QuestionsPartOptions = {}): FormPart {
  const { t } = useTranslation('manage');
  const drafts = useQuestionDrafts(questions, { answered });
  const waiverDraft = useWaiverDraft(waiver);
  const offered = !answered && questions.length > 0;

  return {
    render: () => (
      <>
        <QuestionEditor drafts={drafts} hint={offered ? t('questionEditor.offeredHint') : undefined} />
        <WaiverEditor draft={waiverDraft} />
      </>
    ),
    check: () => {
      const questionsFine = drafts.check();
      return waiverDraft.check() && questionsFine;
    },
    question: () => null,
    save: async (eventId) => {
      let failure: PartFailure | null = null;
      if (drafts.changed()) {
        const sent = drafts.questions();
        try {
          await saveEventQuestions(eventId, sent);
          drafts.markSaved(sent);
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
