import { describe, expect, it } from 'vitest';
import type { Donation } from '../../../shared/donations.ts';
import { donationTotal } from './donation-total.ts';

const donation = (amount: number, currency = 'usd', refundedAt: string | null = null): Donation => ({
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
  refundedAt,
  refundedBy: null,
});

describe('the total on My Donation', () => {
  it('adds the donations up and counts them', () => {
    expect(donationTotal([donation(3000), donation(3000)], 'usd')).toBe('Total donated: $60.00 in 2 donations');
  });

  it('says one donation, not one donations', () => {
    expect(donationTotal([donation(1250)], 'usd')).toBe('Total donated: $12.50 in 1 donation');
  });

  it('leaves refunded donations out, and says how many were refunded', () => {
    expect(donationTotal([donation(3000), donation(5000, 'usd', '2026-11-22T10:00:00.000Z')], 'usd')).toBe(
      'Total donated: $30.00 in 1 donation (1 more refunded)',
    );
    expect(donationTotal([donation(5000, 'usd', '2026-11-22T10:00:00.000Z')], 'usd')).toBe('Total donated: $0.00 (1 donation refunded)');
  });

  it('never adds dollars to another currency', () => {
    expect(donationTotal([donation(3000), donation(1000, 'eur'), donation(500)], 'usd')).toBe(
      'Total donated: $35.00 and €10.00 in 3 donations',
    );
  });
});

describe('the total in the site’s own currency', () => {
  it('says nought in taka, not dollars, when every donation was refunded', () => {
    expect(donationTotal([donation(100_000, 'bdt', '2026-11-22T10:00:00.000Z')], 'bdt')).toBe(
      'Total donated: BDT\u00a00.00 (1 donation refunded)',
    );
  });

  it('adds yen as yen: 3000 of them is ¥3,000', () => {
    expect(donationTotal([donation(3000, 'jpy')], 'jpy')).toBe('Total donated: ¥3,000 in 1 donation');
  });
});
