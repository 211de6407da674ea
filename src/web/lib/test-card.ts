import { z } from 'zod';
import { testCardSchema } from '../../shared/donations.ts';

/** What the person typed into the test-mode card form (a donation's, or a monthly gift's new card). */
export type TestCardInput = {
  number: string;
  /** 'MM / YY', as printed on a card (also MM/YYYY, MMYY, as browsers autofill it). */
  expiry: string;
  cvc: string;
  postalCode: string;
};

export const emptyTestCard: TestCardInput = { number: '', expiry: '', cvc: '', postalCode: '' };

/** Month and year as typed; neither when the value is not shaped like an expiry date at all. */
export function parseExpiry(value: string): { expMonth?: string; expYear?: string } {
  const compact = value.replace(/\s/g, '');
  const match = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(compact) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(compact);
  return match ? { expMonth: match[1], expYear: match[2] } : {};
}

/**
 * The card as typed, checked with the schema the server uses before anything is sent, in the words
 * Stripe.js uses; its output is the card as the gateway takes it. Whether the card pays is the gateway's call.
 */
export const testCardFormSchema = z
  .object({ number: z.string(), expiry: z.string(), cvc: z.string(), postalCode: z.string() })
  .transform(({ expiry, cvc, ...card }): z.input<typeof testCardSchema> => {
    const { expMonth, expYear } = parseExpiry(expiry);
    return { ...card, expMonth, expYear, cvc: cvc.trim() };
  })
  .pipe(testCardSchema);

/** Month and year are one field here; the server names the card's parts under `card`. */
export const testCardFieldNames = {
  expMonth: 'expiry',
  expYear: 'expiry',
  'card.number': 'number',
  'card.expMonth': 'expiry',
  'card.expYear': 'expiry',
  'card.cvc': 'cvc',
  'card.postalCode': 'postalCode',
};
