import type { TFunction } from 'i18next';
import { formatWallDate } from '../../../shared/format.ts';
import type { Answers, EmergencyContact, Question } from '../../../shared/questions.ts';

/**
 * What a question's field holds while the person answers: text (a text, a long text, the option chosen,
 * a date as the date box gives it, a phone number), the options ticked, yes or no (undefined: neither
 * chosen yet), or an emergency contact's name and phone.
 */
export type FieldValue = string | string[] | boolean | undefined | EmergencyContact;
export type FieldValues = Record<string, FieldValue>;

const isContact = (value: unknown): value is Partial<Record<keyof EmergencyContact, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field with nothing in it yet. */
export function emptyValue(question: Question): FieldValue {
  switch (question.type) {
    case 'multiChoice':
      return [];
    case 'yesNo':
      return undefined;
    case 'emergencyContact':
      return { name: '', phone: '' };
    default:
      return '';
  }
}

/** A field's value from an answer kept (a registration's): the answer when it is of the question's type, else empty. */
export function fieldValueOf(question: Question, kept: unknown): FieldValue {
  switch (question.type) {
    case 'multiChoice':
      return Array.isArray(kept) ? kept.filter((one): one is string => typeof one === 'string') : [];
    case 'yesNo':
      return typeof kept === 'boolean' ? kept : undefined;
    case 'emergencyContact':
      return isContact(kept)
        ? { name: typeof kept.name === 'string' ? kept.name : '', phone: typeof kept.phone === 'string' ? kept.phone : '' }
        : { name: '', phone: '' };
    default:
      return typeof kept === 'string' ? kept : '';
  }
}

/** Every question's field, from the answers kept (none: all empty). */
export function fieldValuesOf(questions: readonly Question[], kept: Record<string, unknown> | null | undefined): FieldValues {
  return Object.fromEntries(questions.map((question) => [question.id, fieldValueOf(question, kept?.[question.id])]));
}

/**
 * The answers to check and send: what the fields hold, a field left blank left out (an optional
 * question not answered is no answer; a required one is then missing, as `checkAnswers` says).
 */
export function givenOf(questions: readonly Question[], values: FieldValues): Answers {
  const given: Answers = {};
  for (const question of questions) {
    const value = values[question.id];
    if (value === undefined) continue;
    if (question.type === 'emergencyContact' && isContact(value)) {
      const { name, phone } = value as EmergencyContact;
      if (name.trim() === '' && phone.trim() === '') continue;
    }
    given[question.id] = value;
  }
  return given;
}

/**
 * An answer kept, in words for its question: the text, the options chosen, 'Yes' or 'No', a date as
 * the site writes dates, an emergency contact as 'Name, phone'; null when there is no answer.
 */
export function answerText(question: Question, kept: unknown, t: TFunction<'registrations'>, language: string): string | null {
  switch (question.type) {
    case 'multiChoice': {
      const chosen = Array.isArray(kept) ? kept.filter((one): one is string => typeof one === 'string') : [];
      return chosen.length > 0 ? chosen.join(', ') : null;
    }
    case 'yesNo':
      return typeof kept === 'boolean' ? (kept ? t('questions.yes') : t('questions.no')) : null;
    case 'date':
      return typeof kept === 'string' && kept !== '' ? formatWallDate(kept, language) : null;
    case 'emergencyContact': {
      if (!isContact(kept) || typeof kept.name !== 'string' || kept.name === '') return null;
      return t('answers.contact', { name: kept.name, phone: typeof kept.phone === 'string' ? kept.phone : '' });
    }
    default:
      return typeof kept === 'string' && kept !== '' ? kept : null;
  }
}
