import { z } from 'zod';

/**
 * What registration asks (DECISIONS.md 5.5, issue 33): an event's questions, and a person's answers.
 * A question is one of eight types; `staffOnly` ones are not shown to the person registering (staff fill
 * or read them), `sensitive` answers are shown only to admins and the person.
 */

export const questionTypes = ['text', 'longText', 'choice', 'multiChoice', 'yesNo', 'date', 'phone', 'emergencyContact'] as const;
export type QuestionType = (typeof questionTypes)[number];

export const questionMessages = {
  required: 'This question needs an answer',
  unknown: 'This event does not ask this question',
  notText: 'Answer with text',
  tooLong: 'This answer is too long',
  notChoice: 'Choose one of the options',
  notChoices: 'Choose among the options',
  notYesNo: 'Answer yes or no',
  notDate: 'Use a date like 2026-12-05',
  notPhone: 'Use a phone number, like +44 20 7946 0958',
  contactName: 'Give the emergency contact’s name',
  optionsNeeded: 'A choice question needs at least one option',
  duplicateId: 'Each question needs its own id',
  typeChanged: 'A question’s type cannot change once people have answered it: add a new question instead',
  startedAnswers: 'Answers can no longer be changed: the event has started',
  ageType: 'Only a date, yes/no or text question can tell a person’s age',
} as const;

/** The types of question whose answer can tell a person's age (`age` on the question). */
const ageTypes: readonly QuestionType[] = ['date', 'yesNo', 'text'];

const shortText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const questionSchema = z
  .object({
    /** The question's own id within the event (letters, digits, '-' and '_'): answers are keyed by it. */
    id: z
      .string({ message: 'Question id is required' })
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, 'A question id is letters, digits, - and _, at most 40'),
    type: z.enum(questionTypes, { message: `Type must be one of ${questionTypes.join(', ')}` }),
    label: shortText('Question', 200),
    required: z.boolean({ message: 'Required must be true or false' }).default(false),
    /** The choices of a `choice` or `multiChoice` question (ignored for other types). */
    options: z.array(shortText('Option', 100)).max(50, 'At most 50 options').default([]),
    /** Not shown to the person registering: for staff. */
    staffOnly: z.boolean({ message: 'Staff only must be true or false' }).default(false),
    /** Shown only to admins and the person; left out of CSV exports unless asked for. */
    sensitive: z.boolean({ message: 'Sensitive must be true or false' }).default(false),
    /** Shown on the person's card at the door (an allergy, a medical note), to whoever checks them in. */
    checkIn: z.boolean({ message: 'Check-in must be true or false' }).default(false),
    /**
     * The answer tells whether the person is under 18 (a waiver then needs a guardian's name too): a
     * `date` question is their date of birth, a `yesNo` one asks 'under 18?', a `text` one their age in
     * years. A `date` question with the id `dateOfBirth` counts without being marked.
     */
    age: z.boolean({ message: 'Age must be true or false' }).default(false),
  })
  .superRefine((question, ctx) => {
    if ((question.type === 'choice' || question.type === 'multiChoice') && question.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: questionMessages.optionsNeeded });
    }
    if (question.age && !ageTypes.includes(question.type)) {
      ctx.addIssue({ code: 'custom', path: ['age'], message: questionMessages.ageType });
    }
  });
export type Question = z.infer<typeof questionSchema>;

/** An event's questions: at most 30, each id once. */
export const questionsSchema = z
  .array(questionSchema)
  .max(30, 'An event can ask at most 30 questions')
  .superRefine((questions, ctx) => {
    const seen = new Set<string>();
    questions.forEach((question, index) => {
      if (seen.has(question.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: questionMessages.duplicateId });
      seen.add(question.id);
    });
  });

/** An emergency contact: who to call, and their number. */
export interface EmergencyContact {
  name: string;
  phone: string;
}

/** An answer as kept: text, a yes/no, the options chosen, or an emergency contact. */
export type Answer = string | boolean | string[] | EmergencyContact;
export type Answers = Record<string, Answer>;

/** Answers as sent: anything, checked against the event's questions by `checkAnswers`. */
export const answersInputSchema = z.record(z.string().max(40), z.unknown(), { message: 'Answers must be an object' }).optional();

const phonePattern = /^\+?[0-9][0-9 ().-]{4,24}$/;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** Nothing given: absent, null, blank text, an empty list. */
const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** One answer checked against its question: the answer as kept, or why it is refused. */
function checkAnswer(question: Question, value: unknown): { answer: Answer } | { problem: string } {
  const text = (max: number) => {
    if (typeof value !== 'string') return { problem: questionMessages.notText };
    const trimmed = value.trim();
    return trimmed.length > max ? { problem: questionMessages.tooLong } : { answer: trimmed };
  };
  switch (question.type) {
    case 'text':
      return text(500);
    case 'longText':
      return text(5000);
    case 'choice':
      return typeof value === 'string' && question.options.includes(value) ? { answer: value } : { problem: questionMessages.notChoice };
    case 'multiChoice': {
      if (!Array.isArray(value) || !value.every((one) => typeof one === 'string' && question.options.includes(one))) {
        return { problem: questionMessages.notChoices };
      }
      // In the options' order, each once.
      return { answer: question.options.filter((option) => value.includes(option)) };
    }
    case 'yesNo':
      return typeof value === 'boolean' ? { answer: value } : { problem: questionMessages.notYesNo };
    case 'date':
      return typeof value === 'string' && isDay(value.trim()) ? { answer: value.trim() } : { problem: questionMessages.notDate };
    case 'phone':
      return typeof value === 'string' && phonePattern.test(value.trim())
        ? { answer: value.trim() }
        : { problem: questionMessages.notPhone };
    case 'emergencyContact': {
      const contact = value as Partial<Record<string, unknown>> | null;
      if (typeof contact !== 'object' || contact === null || Array.isArray(contact)) return { problem: questionMessages.contactName };
      const name = typeof contact.name === 'string' ? contact.name.trim() : '';
      const phone = typeof contact.phone === 'string' ? contact.phone.trim() : '';
      if (name === '' || name.length > 100) return { problem: questionMessages.contactName };
      if (!phonePattern.test(phone)) return { problem: questionMessages.notPhone };
      return { answer: { name, phone } };
    }
  }
}

/**
 * A person's answers checked against the questions they are asked (the event's, less the staff-only
 * ones): every required one answered, each of its type, none to a question not asked. The answers as
 * kept, or the problems keyed `answers.<id>` (the form shows each beside its field).
 */
export function checkAnswers(
  questions: readonly Question[],
  given: Record<string, unknown> | undefined,
): { answers: Answers; problems: null } | { answers: null; problems: Record<string, string> } {
  const asked = questions.filter((question) => !question.staffOnly);
  const problems: Record<string, string> = {};
  const answers: Answers = {};
  for (const id of Object.keys(given ?? {})) {
    if (!asked.some((question) => question.id === id)) problems[`answers.${id}`] = questionMessages.unknown;
  }
  for (const question of asked) {
    const value = given?.[question.id];
    if (isEmpty(value)) {
      if (question.required) problems[`answers.${question.id}`] = questionMessages.required;
      continue;
    }
    const checked = checkAnswer(question, value);
    if ('problem' in checked) problems[`answers.${question.id}`] = checked.problem;
    else answers[question.id] = checked.answer;
  }
  return Object.keys(problems).length > 0 ? { answers: null, problems } : { answers, problems: null };
}

/** The questions a person registering sees: not the staff-only ones. */
export const askedQuestions = (questions: readonly Question[]) => questions.filter((question) => !question.staffOnly);

/** The age below which a waiver needs a parent's or guardian's name too. */
export const ADULT_AGE = 18;

/** Whether the question's answer tells the person's age: marked so, or a date question named `dateOfBirth`. */
export const tellsAge = (question: Question) => question.age || (question.id === 'dateOfBirth' && question.type === 'date');

/** Whole years from a date of birth to a day ('YYYY-MM-DD' both). */
export function yearsOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * Whether the answers say the person is under 18 on `day` (the event's): by a date of birth, a yes to
 * 'under 18?', or an age in years, each on a question that tells age. False when none says so.
 */
export function isMinor(questions: readonly Question[], answers: Answers | null | undefined, day: string): boolean {
  return questions.filter(tellsAge).some((question) => {
    const answer = answers?.[question.id];
    if (question.type === 'date' && typeof answer === 'string') return yearsOn(answer, day) < ADULT_AGE;
    if (question.type === 'yesNo') return answer === true;
    if (question.type === 'text' && typeof answer === 'string') {
      const years = /^\s*(\d{1,3})\b/.exec(answer);
      return years ? Number(years[1]) < ADULT_AGE : false;
    }
    return false;
  });
}

/** An answer as one line of text (a CSV cell, a door card): choices joined, yes/no in words, a contact as 'name (phone)'. */
export function answerText(answer: Answer | undefined, words: { yes: string; no: string } = { yes: 'Yes', no: 'No' }): string {
  if (answer === undefined) return '';
  if (typeof answer === 'boolean') return answer ? words.yes : words.no;
  if (typeof answer === 'string') return answer;
  if (Array.isArray(answer)) return answer.join(', ');
  return `${answer.name} (${answer.phone})`;
}

/**
 * The questions and answers a reader may see: admins and the person all of them; others (door staff)
 * not the sensitive ones. `only` narrows to questions marked so (the door card's `checkIn`).
 */
export function visibleAnswers(
  questions: readonly Question[],
  answers: Answers | null | undefined,
  { sensitive, only }: { sensitive: boolean; only?: (question: Question) => boolean },
): Answers | null {
  if (!answers) return null;
  const shown: Answers = {};
  for (const question of questions) {
    if (!sensitive && question.sensitive) continue;
    if (only && !only(question)) continue;
    const answer = answers[question.id];
    if (answer !== undefined) shown[question.id] = answer;
  }
  return shown;
}

/** `?include=sensitive` on a CSV export: answers to sensitive questions too (admins, recorded in the audit log). */
export const includeQuerySchema = z.object({
  include: z.enum(['sensitive'], { message: 'Include must be sensitive' }).optional(),
});

export const sensitiveMessages = { adminsOnly: 'Only admins can export sensitive answers' } as const;
