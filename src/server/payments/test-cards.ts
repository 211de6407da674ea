/**
 * Stripe's documented test cards and what they do, so the offline test mode behaves like Stripe's
 * own test mode. Messages are the ones Stripe.js shows for each decline.
 */
export type CardOutcome = { ok: true } | { ok: false; code: string; message: string };

export const declineMessages = {
  generic: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processing: 'An error occurred while processing your card. Try again in a little bit.',
  incorrectNumber: 'Your card number is incorrect.',
  unknownCard: 'Your card was declined. In test mode, use a test card such as 4242 4242 4242 4242.',
} as const;

const outcomes: Record<string, CardOutcome> = {
  '4242424242424242': { ok: true },
  '4000000000000002': { ok: false, code: 'card_declined', message: declineMessages.generic },
  '4000000000009995': { ok: false, code: 'insufficient_funds', message: declineMessages.insufficientFunds },
  '4000000000009987': { ok: false, code: 'lost_card', message: declineMessages.generic },
  '4000000000009979': { ok: false, code: 'stolen_card', message: declineMessages.generic },
  '4000000000000069': { ok: false, code: 'expired_card', message: declineMessages.expired },
  '4000000000000127': { ok: false, code: 'incorrect_cvc', message: declineMessages.incorrectCvc },
  '4000000000000119': { ok: false, code: 'processing_error', message: declineMessages.processing },
  '4242424242424241': { ok: false, code: 'incorrect_number', message: declineMessages.incorrectNumber },
  // Saved for later payments without trouble; every charge on it is then declined.
  '4000000000000341': { ok: false, code: 'card_declined', message: declineMessages.generic },
};

/**
 * Stripe's own test payment methods for its test cards: what test mode keeps for a monthly gift's later
 * payments, in place of the number (nothing but the last four digits of a card is ever stored).
 */
const paymentMethods: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000000000009987': 'pm_card_chargeDeclinedLostCard',
  '4000000000009979': 'pm_card_chargeDeclinedStolenCard',
  '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
  '4000000000000127': 'pm_card_chargeDeclinedIncorrectCvc',
  '4000000000000119': 'pm_card_chargeDeclinedProcessingError',
  '4000000000000341': 'pm_card_chargeCustomerFail',
};
const numberOfMethod = new Map(Object.entries(paymentMethods).map(([number, method]) => [method, number]));

/** Cards that save (for a monthly gift's later payments) though charging them fails. */
const savesButDeclines = new Set(['4000000000000341']);

/** The test payment method of one of Stripe's test cards, or null for any other number. */
export function testPaymentMethod(number: string): string | null {
  return paymentMethods[number] ?? null;
}

/** What a later payment from a kept test payment method gives. */
export function methodOutcome(method: string): CardOutcome {
  const number = numberOfMethod.get(method);
  return number ? cardOutcome(number) : { ok: false, code: 'card_declined', message: declineMessages.generic };
}

/** What saving a card for later payments gives: as paying with it, except the cards that save but decline. */
export function saveOutcome(number: string): CardOutcome {
  return savesButDeclines.has(number) ? { ok: true } : cardOutcome(number);
}

/** The check digit every real card number passes. */
function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardOutcome(number: string): CardOutcome {
  const known = outcomes[number];
  if (known) return known;
  if (!passesLuhn(number)) return { ok: false, code: 'incorrect_number', message: declineMessages.incorrectNumber };
  return { ok: false, code: 'card_declined', message: declineMessages.unknownCard };
}
