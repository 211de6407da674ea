import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { answerText, type Question } from '../../../shared/questions.ts';
import classes from './roster.module.css';

/** One answer as the roster and the door show it: its question's label, the answer as one line, and whether it is sensitive. */
export interface AnswerLine {
  id: string;
  label: string;
  text: string;
  sensitive: boolean;
}

/**
 * An answer as kept, as one line (`answerText`: choices joined, yes/no in words, a contact as
 * 'name (phone)'); '' for none. The answers come as `unknown` (a list kept on the phone by another
 * version of the page may hold anything), so a shape no question gives is shown as text or left out.
 */
function answerLine(value: unknown, words: { yes: string; no: string }): string {
  if (typeof value === 'string' || typeof value === 'boolean') return answerText(value, words).trim();
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return answerText(
      value.filter((one): one is string => typeof one === 'string'),
      words,
    );
  if (typeof value === 'object' && value !== null) {
    const { name, phone } = value as Record<string, unknown>;
    if (typeof name !== 'string') return '';
    return typeof phone === 'string' && phone !== '' ? answerText({ name, phone }, words) : name;
  }
  return '';
}

/**
 * A person's answers to `questions`, in the questions' order, each with its label: only those answered
 * (`answers` null, or from a list kept before questions were asked, gives none).
 */
export function answerLines(
  questions: readonly Question[] | undefined,
  answers: Record<string, unknown> | null | undefined,
  t: TFunction<'manage'>,
): AnswerLine[] {
  if (!answers || !questions) return [];
  const words = { yes: t('answers.yes'), no: t('answers.no') };
  return questions.flatMap((question) => {
    const text = answerLine(answers[question.id], words);
    return text === '' ? [] : [{ id: question.id, label: question.label, text, sensitive: question.sensitive }];
  });
}

interface AnswerListProps {
  lines: readonly AnswerLine[];
  /** Whose answers: the list is named 'Answers of {name}'. */
  name: string;
  /**
   * Where it is drawn: a roster row (small, under the name), the door (the check-in questions, which the
   * door must see: highlighted), or the printed sign-in sheet (plain, black on white).
   */
  tone: 'roster' | 'door' | 'sheet';
}

/**
 * A person's answers as a short list, one 'Question: answer' a line; a sensitive question's answer
 * headed by a 'Sensitive' tag (read first by a screen reader too). Nothing when there are none.
 */
export function AnswerList({ lines, name, tone }: AnswerListProps) {
  const { t } = useTranslation('manage');
  if (lines.length === 0) return null;
  return (
    <ul className={classes.answers} data-tone={tone} aria-label={t('answers.listOf', { name })} data-testid="answers">
      {lines.map((line) => (
        <li key={line.id} data-sensitive={line.sensitive || undefined}>
          {line.sensitive && (
            <>
              <span className={classes.sensitive}>{t('answers.sensitive')}</span>{' '}
            </>
          )}
          <span>{t('answers.line', { label: line.label, answer: line.text })}</span>
        </li>
      ))}
    </ul>
  );
}
