import { useEffect, useRef, useState } from 'react';
import { type Answers, checkAnswers, type Question } from '../../../shared/questions.ts';
import { isApiError } from '../../lib/api-error.ts';
import { serverErrors } from '../../lib/forms/schema-errors.ts';
import { problemIn } from '../../lib/problems.ts';
import { type FieldValue, type FieldValues, fieldValuesOf, givenOf } from './answer-values.ts';

const prefix = 'answers.';

/** The questions' problems keyed by question id, from messages keyed `answers.<id>` (in the reader's words). */
function byQuestion(problems: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(problems).flatMap(([path, message]) =>
      path.startsWith(prefix) ? [[path.slice(prefix.length), problemIn(message)] as const] : [],
    ),
  );
}

/**
 * Whether a failed call was the server refusing answers only, each named by a question shown: said
 * beside those fields, so the form needs no message of its own.
 */
export function refusedOnFields(error: unknown, questions: readonly Question[]): boolean {
  if (!isApiError(error) || !error.fields) return false;
  const paths = Object.keys(error.fields);
  return paths.length > 0 && paths.every((path) => path.startsWith(prefix) && questions.some((q) => `${prefix}${q.id}` === path));
}

/** What the question fields and their form share: the values, the problems, and the checks. */
export type AnswersState = ReturnType<typeof useAnswers>;

/**
 * The person's answers while they give them: each question's field value, and each one's problem
 * (keyed by question id) shown beside it. `check` judges them in the browser as the server will
 * (`checkAnswers`) and gives the answers to send, or null after showing the problems and asking the
 * fields to move the focus to the first; `showServerErrors` does the same with a 400's
 * `answers.<id>` messages. Nothing typed is lost either way. `initial` (answers kept) fills the
 * fields, also when it comes after the first draw, until the person has changed one.
 */
export function useAnswers(questions: readonly Question[], initial?: Record<string, unknown> | null) {
  const [values, setValues] = useState<FieldValues>(() => fieldValuesOf(questions, initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Asks the fields to move the focus to their first problem (a count, so each refusal asks again).
  const [focusAsked, setFocusAsked] = useState(0);
  const changed = useRef(false);
  const filled = useRef(Boolean(initial));

  useEffect(() => {
    if (!initial || filled.current || changed.current) return;
    filled.current = true;
    setValues(fieldValuesOf(questions, initial));
  }, [initial, questions]);

  return {
    questions,
    values,
    errors,
    focusAsked,
    setValue(id: string, value: FieldValue) {
      changed.current = true;
      setValues((current) => ({ ...current, [id]: value }));
      // Its problem was about what it held: gone once it changes (checked again on the next send).
      setErrors((current) => {
        if (!(id in current)) return current;
        const { [id]: _gone, ...rest } = current;
        return rest;
      });
    },
    /** The answers as kept (trimmed), or null when one is refused: the problems shown, the focus asked for when `focus`. */
    check(focus = true): Answers | null {
      const checked = checkAnswers(questions, givenOf(questions, values));
      if (checked.problems) {
        setErrors(byQuestion(checked.problems));
        if (focus) setFocusAsked((count) => count + 1);
        return null;
      }
      setErrors({});
      return checked.answers;
    },
    /**
     * Puts a failed call's `answers.<id>` messages beside their fields and moves the focus to the first.
     * True when something is left for the form's own message (no connection, a 409, a question not shown).
     */
    showServerErrors(error: unknown): boolean {
      const { errors: named, leftOver } = serverErrors(error, ['answers']);
      const shown = byQuestion(named);
      for (const id of Object.keys(shown)) if (!questions.some((question) => question.id === id)) delete shown[id];
      if (Object.keys(shown).length > 0) {
        setErrors(shown);
        setFocusAsked((count) => count + 1);
      }
      return leftOver || Object.keys(shown).length < Object.keys(named).length;
    },
  };
}
