import { describe, expect, it } from 'vitest';
import type { Donation } from '../../../shared/donations.ts';
import { donationSums } from './donation-total.ts';

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
    expect(donationSums([donation(3000), donation(3000)], 'usd')).toEqual({ kept: 2, refunded: 0, amounts: ['$60.00'] });
  });

  it('leaves refunded donations out, and counts them apart', () => {
    expect(donationSums([donation(3000), donation(5000, 'usd', '2026-11-22T10:00:00.000Z')], 'usd')).toEqual({
      kept: 1,
      refunded: 1,
      amounts: ['$30.00'],
    });
  });

  it('never adds dollars to another currency', () => {
    expect(donationSums([donation(3000), donation(1000, 'eur'), donation(500)], 'usd').amounts).toEqual(['$35.00', '€10.00']);
  });
});

describe('the total in the site’s own currency and the reader’s language', () => {
  it('says nought in taka, not dollars, when every donation was refunded', () => {
    expect(donationSums([donation(100_000, 'bdt', '2026-11-22T10:00:00.000Z')], 'bdt')).toEqual({
      kept: 0,
      refunded: 1,
      amounts: ['BDT\u00a00.00'],
    });
  });

  it('adds yen as yen: 3000 of them is ¥3,000', () => {
    expect(donationSums([donation(3000, 'jpy')], 'jpy').amounts).toEqual(['¥3,000']);
  });

  it('writes the sums with Bengali digits for a Bengali reader', () => {
    expect(donationSums([donation(3000), donation(3000)], 'usd', 'bn').amounts[0]).toContain('৬০.০০');
  });
});
