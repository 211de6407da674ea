import { testCardSchema, type TestCard } from '../../../shared/donations.ts';

/** What the person typed into the test-mode card form. */
export interface TestCardInput {
  number: string;
  /** 'MM / YY', as printed on a card (also MM/YYYY, MMYY, as browsers autofill it). */
  expiry: string;
  cvc: string;
  postalCode: string;
}

export type TestCardField = keyof TestCardInput;
export type TestCardErrors = Partial<Record<TestCardField, string>>;

export const emptyTestCard: TestCardInput = { number: '', expiry: '', cvc: '', postalCode: '' };

/** Month and year as typed; neither when the value is not shaped like an expiry date at all. */
export function parseExpiry(value: string): { expMonth?: string; expYear?: string } {
  const compact = value.replace(/\s/g, '');
  const match = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(compact) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(compact);
  return match ? { expMonth: match[1], expYear: match[2] } : {};
}

const fieldOf: Record<string, TestCardField> = {
  number: 'number',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
  postalCode: 'postalCode',
};

/**
 * The card's shape, checked with the schema the server uses, before anything is sent: each field
 * with its first problem, in the words Stripe.js uses. Whether the card pays is the gateway's call.
 */
export function checkTestCard(input: TestCardInput): { card: TestCard } | { errors: TestCardErrors } {
  const parsed = testCardSchema.safeParse({
    number: input.number,
    ...parseExpiry(input.expiry),
    cvc: input.cvc.trim(),
    postalCode: input.postalCode,
  });
  if (parsed.success) return { card: parsed.data };
  const errors: TestCardErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
