import { describe, expect, it } from 'vitest';
import { formatAmount, formatCents, handWrittenCurrencies } from './money.ts';

const amounts = [0, 1, 5, 49, 50, 51, 99, 100, 101, 150, 999, 1000, 1049, 1050, 1051, 12_345, 100_000, 123_456_789, 99_999_999_999];

describe('money for display', () => {
  it('writes every hand-written currency exactly as Intl does, with and without whole cents', () => {
    for (const currency of handWrittenCurrencies) {
      for (const magnitude of amounts) {
        for (const cents of magnitude === 0 ? [0] : [magnitude, -magnitude]) {
          const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency });
          expect(formatCents(cents, currency.toLowerCase()), `${currency} ${cents}`).toBe(intl.format(cents / 100));
          const goal = new Intl.NumberFormat('en-US', {
            style: 'currency',
            currency,
            minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
          });
          expect(formatCents(cents, currency, true), `${currency} ${cents} whole`).toBe(goal.format(cents / 100));
        }
      }
    }
  });

  it('leaves any other currency to Intl', () => {
    expect(formatAmount(123_450, 'chf')).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CHF' }).format(1234.5));
    expect(formatCents(500_000, 'sek', true)).toBe('SEK\u00a05,000');
    expect(formatAmount(3000)).toBe('$30.00');
  });
});
