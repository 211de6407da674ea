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
} as const;

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
  })
  .superRefine((question, ctx) => {
    if ((question.type === 'choice' || question.type === 'multiChoice') && question.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: questionMessages.optionsNeeded });
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
