import { z } from 'zod';
import { testCardSchema } from '../../../shared/donations.ts';

/**
 * The test-mode card as the donor types it, for replacing a monthly gift's card. The same fields and
 * checks as the donation form's test card (donations/test-card.ts), which another feature may not import.
 */
export type CardInput = {
  number: string;
  /** 'MM / YY', as printed on a card (also MM/YYYY, MMYY, as browsers autofill it). */
  expiry: string;
  cvc: string;
  postalCode: string;
};

export const emptyCard: CardInput = { number: '', expiry: '', cvc: '', postalCode: '' };

function parseExpiry(value: string): { expMonth?: string; expYear?: string } {
  const compact = value.replace(/\s/g, '');
  const match = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(compact) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(compact);
  return match ? { expMonth: match[1], expYear: match[2] } : {};
}

/** The card as typed, checked with the schema the server uses; its output is the card as the server takes it. */
export const cardFormSchema = z
  .object({ number: z.string(), expiry: z.string(), cvc: z.string(), postalCode: z.string() })
  .transform(({ expiry, cvc, ...card }): z.input<typeof testCardSchema> => {
    const { expMonth, expYear } = parseExpiry(expiry);
    return { ...card, expMonth, expYear, cvc: cvc.trim() };
  })
  .pipe(testCardSchema);

/** Month and year are one field here; the server names the card's parts under `card`. */
export const cardFieldNames = {
  expMonth: 'expiry',
  expYear: 'expiry',
  'card.number': 'number',
  'card.expMonth': 'expiry',
  'card.expYear': 'expiry',
  'card.cvc': 'cvc',
  'card.postalCode': 'postalCode',
};
