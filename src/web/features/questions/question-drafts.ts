import { fieldErrorsOf } from '../../../shared/field-errors.ts';
import { type Question, type QuestionType, questionsSchema } from '../../../shared/questions.ts';
import { isApiError } from '../../lib/api-error.ts';
import { problemIn } from '../../lib/problems.ts';

/**
 * A question as the editor holds it (an event's, or the organisation's on the settings page): what its
 * boxes show, the id it keeps (none for a new one: its id comes from its label), the question as saved
 * where answers may exist, and what is wrong with it, beside each box (`row`: about the question as a whole).
 */
export const questionFields = ['label', 'type', 'options', 'required', 'staffOnly', 'sensitive', 'checkIn', 'age'] as const;
export type QuestionField = (typeof questionFields)[number];
export type FlagField = Extract<QuestionField, 'required' | 'staffOnly' | 'sensitive' | 'checkIn' | 'age'>;
export type QuestionErrors = Partial<Record<QuestionField | 'row', string>>;

export interface QuestionDraft {
  /** Stable while the question is on the form: its React key and the start of its boxes' ids. */
  key: string;
  /** The id it keeps (a saved or offered question's); null for a new one, whose id is made from its label. */
  id: string | null;
  /** The question as saved, where people may have answered it: taking it off asks first. */
  saved: Question | null;
  type: QuestionType;
  label: string;
  /** The options as typed, one a line. */
  options: string;
  required: boolean;
  staffOnly: boolean;
  sensitive: boolean;
  checkIn: boolean;
  age: boolean;
  errors: QuestionErrors;
}

/** The most questions an event asks (questionsSchema). */
export const MAX_QUESTIONS = 30;
/** The longest id (questionSchema). */
const MAX_ID = 40;

const choiceTypes: readonly QuestionType[] = ['choice', 'multiChoice'];
/** The types whose answer can tell a person's age (questionSchema's rule). */
const ageTypes: readonly QuestionType[] = ['date', 'yesNo', 'text'];

export const hasOptions = (type: QuestionType) => choiceTypes.includes(type);
export const canTellAge = (type: QuestionType) => ageTypes.includes(type);

let lastKey = 0;
const newKey = () => {
  lastKey += 1;
  return `q${lastKey}`;
};

/** A question on the form; `saved` when people may have answered it (the event's own, as loaded). */
export function draftOf(question: Question, saved: boolean): QuestionDraft {
  return {
    key: newKey(),
    id: question.id,
    saved: saved ? question : null,
    type: question.type,
    label: question.label,
    options: (question.options ?? []).join('\n'),
    required: question.required ?? false,
    staffOnly: question.staffOnly ?? false,
    sensitive: question.sensitive ?? false,
    checkIn: question.checkIn ?? false,
    age: question.age ?? false,
    errors: {},
  };
}

export function blankDraft(): QuestionDraft {
  return {
    key: newKey(),
    id: null,
    saved: null,
    type: 'text',
    label: '',
    options: '',
    required: false,
    staffOnly: false,
    sensitive: false,
    checkIn: false,
    age: false,
    errors: {},
  };
}

/**
 * An id made from a label: its letters and digits (accents dropped), lower case, words joined with '-',
 * at most 40; 'question' when nothing is left (a label in another script).
 */
export function slugOf(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_ID)
    .replace(/-+$/, '');
  return slug || 'question';
}

/**
 * Each question's id: a kept one as it is; a new one made from its label, unique among the others and
 * among `retired` (ids of saved questions taken off, whose answers must not become a new question's).
 */
export function idsOf(drafts: readonly QuestionDraft[], retired: readonly string[] = []): string[] {
  const taken = new Set([...retired, ...drafts.flatMap((draft) => (draft.id ? [draft.id] : []))]);
  return drafts.map((draft) => {
    if (draft.id) return draft.id;
    const base = slugOf(draft.label);
    let id = base;
    for (let n = 2; taken.has(id); n += 1) {
      const suffix = `-${n}`;
      id = `${base.slice(0, MAX_ID - suffix.length).replace(/-+$/, '')}${suffix}`;
    }
    taken.add(id);
    return id;
  });
}

const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** A question as PUT takes it, before the schema trims it: options only for a choice, age only where it can tell. */
export function questionOf(draft: QuestionDraft, id: string) {
  return {
    id,
    type: draft.type,
    label: draft.label,
    required: draft.required,
    options: hasOptions(draft.type) ? linesOf(draft.options) : [],
    staffOnly: draft.staffOnly,
    sensitive: draft.sensitive,
    checkIn: draft.checkIn,
    age: canTellAge(draft.type) && draft.age,
  };
}

export const questionsOf = (drafts: readonly QuestionDraft[], retired: readonly string[] = []) => {
  const ids = idsOf(drafts, retired);
  return drafts.map((draft, index) => questionOf(draft, ids[index] ?? ''));
};

/** Where a message about `<index>.<field>…` goes: its question's box, or the question as a whole. */
function place(errors: QuestionErrors[], index: number, field: string | undefined, message: string) {
  const row = errors[index];
  if (!row) return false;
  const box = (questionFields as readonly string[]).includes(field ?? '') ? (field as QuestionField) : field === 'id' ? 'label' : 'row';
  row[box] ??= problemIn(message);
  return true;
}

/** What is wrong with each question, as the server's schema would say, and with the list as a whole. */
export function checkDrafts(
  drafts: readonly QuestionDraft[],
  retired: readonly string[] = [],
): { errors: QuestionErrors[]; listError: string | undefined } {
  const errors: QuestionErrors[] = drafts.map(() => ({}));
  let listError: string | undefined;
  const issues = questionsSchema.safeParse(questionsOf(drafts, retired)).error?.issues ?? [];
  for (const [path, message] of Object.entries(fieldErrorsOf(issues, 'list'))) {
    const [index, field] = path.split('.');
    if (!place(errors, Number(index), field, message)) listError ??= problemIn(message);
  }
  return { errors, listError };
}

export const hasErrors = (errors: QuestionErrors) => Object.values(errors).some(Boolean);

/**
 * A failed save's field messages (`questions.2.label`, `questions.0.options.1`) beside their boxes;
 * `prefix` is what the server puts before the index. Null when it named none of them.
 */
export function serverErrorsOf(
  error: unknown,
  count: number,
  prefix = 'questions',
): { errors: QuestionErrors[]; listError: string | undefined } | null {
  if (!isApiError(error) || !error.fields) return null;
  const errors: QuestionErrors[] = Array.from({ length: count }, () => ({}));
  let listError: string | undefined;
  let placed = false;
  for (const [path, message] of Object.entries(error.fields)) {
    if (path === prefix) {
      listError ??= problemIn(message);
      placed = true;
      continue;
    }
    const [head, index, field] = path.split('.');
    if (head !== prefix || index === undefined || !/^\d+$/.test(index)) continue;
    if (place(errors, Number(index), field, message)) placed = true;
    else listError ??= problemIn(message);
  }
  return placed ? { errors, listError } : null;
}

/** The questions as the schema gives them (trimmed, each field there), to compare what is saved with what is shown. */
export function normalised(questions: readonly unknown[]): string {
  const parsed = questionsSchema.safeParse(questions);
  return JSON.stringify(parsed.success ? parsed.data : questions);
}
