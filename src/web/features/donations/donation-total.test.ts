import { describe, expect, it } from 'vitest';
import type { Donation } from '../../../shared/donations.ts';
import { donationTotal } from './donation-total.ts';

const donation = (amount: number, currency = 'usd'): Donation => ({
  _id: `d-${amount}-${currency}`,
  amount,
  currency,
  created: '2026-11-21T09:21:52.760Z',
  transaction: 'pi_test_1',
  last4: '4242',
  email: 'dana@example.org',
  event: 'Beach Clean-up',
  eventId: null,
  eventBanner: '',
  date: '2026-11-21T09:21:53.000Z',
});

describe('the total on My Donation', () => {
  it('adds the donations up and counts them', () => {
    expect(donationTotal([donation(3000), donation(3000)])).toBe('Total donated: $60.00 in 2 donations');
  });

  it('says one donation, not one donations', () => {
    expect(donationTotal([donation(1250)])).toBe('Total donated: $12.50 in 1 donation');
  });

  it('never adds dollars to another currency', () => {
    expect(donationTotal([donation(3000), donation(1000, 'eur'), donation(500)])).toBe('Total donated: $35.00 and €10.00 in 3 donations');
  });
});
