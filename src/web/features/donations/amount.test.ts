import { describe, expect, it } from 'vitest';
import { donationAmount, paidMessage } from './amount.ts';

describe('donation amounts on the donation page', () => {
  it('shows whole dollars without cents, as the spec does', () => {
    expect(donationAmount(3000, 'usd')).toBe('$30');
    expect(paidMessage(3000, 'usd')).toBe('Successfully paid $30');
  });

  it('keeps the cents when there are some', () => {
    expect(donationAmount(1250, 'usd')).toBe('$12.50');
    expect(paidMessage(1205, 'usd')).toBe('Successfully paid $12.05');
  });

  it('names the currency the donor paid in, never dollars for another', () => {
    expect(donationAmount(3000, 'eur')).toBe('€30');
    expect(paidMessage(100_000, 'bdt')).toBe('Successfully paid BDT\u00a01,000');
    expect(paidMessage(3000, 'jpy')).toBe('Successfully paid ¥3,000');
  });
});
