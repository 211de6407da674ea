import { describe, expect, it } from 'vitest';
import { schemaErrors } from './forms/schema-errors.ts';
import { parseExpiry, testCardFieldNames, testCardFormSchema } from './test-card.ts';

const good = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', postalCode: 'SW1A 1AA' };
const errorsOf = (card: typeof good) => schemaErrors(testCardFormSchema, card, testCardFieldNames);

describe('the test-mode card form check', () => {
  it.each([
    ['12 / 34', { expMonth: '12', expYear: '34' }],
    ['1/34', { expMonth: '1', expYear: '34' }],
    ['12/2034', { expMonth: '12', expYear: '2034' }],
    ['1234', { expMonth: '12', expYear: '34' }],
    ['122034', { expMonth: '12', expYear: '2034' }],
  ])('reads the expiry %s as month and year', (typed, expected) => {
    expect(parseExpiry(typed)).toEqual(expected);
  });

  it.each(['', '12', '12/', 'next year', '12/345'])('finds no expiry date in %j', (typed) => {
    expect(parseExpiry(typed)).toEqual({});
  });

  it('sends the card as the gateway expects it: digits only, a four-digit year', () => {
    expect(errorsOf(good)).toEqual({});
    expect(testCardFormSchema.parse(good)).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
      postalCode: 'SW1A 1AA',
    });
  });

  it('names each field that is not filled in, all at once, in Stripe.js words', () => {
    expect(errorsOf({ number: '4242', expiry: '', cvc: '1', postalCode: ' ' })).toEqual({
      number: 'Your card number is incomplete.',
      expiry: "Your card's expiration date is incomplete.",
      cvc: "Your card's security code is incomplete.",
      postalCode: 'Your postal code is incomplete.',
    });
  });

  it('says an impossible month is invalid, on the expiry field', () => {
    expect(errorsOf({ ...good, expiry: '13 / 34' })).toEqual({ expiry: "Your card's expiration month is invalid." });
  });
});
