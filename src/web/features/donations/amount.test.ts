import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import bnDonations from '../../locales/bn/donations.json' with { type: 'json' };
import enDonations from '../../locales/en/donations.json' with { type: 'json' };
import { donationAmount, paidMessage } from './amount.ts';

const words = i18next.createInstance();
await words.init({
  resources: { en: { donations: enDonations }, bn: { donations: bnDonations } },
  lng: 'en',
  ns: ['donations'],
  interpolation: { escapeValue: false },
});
const paid = (minor: number, currency: string, language = 'en') =>
  paidMessage(minor, currency, words.getFixedT(language, 'donations'), language);

describe('donation amounts on the donation page', () => {
  it('shows whole dollars without cents, as the spec does', () => {
    expect(donationAmount(3000, 'usd')).toBe('$30');
    expect(paid(3000, 'usd')).toBe('Successfully paid $30');
  });

  it('keeps the cents when there are some', () => {
    expect(donationAmount(1250, 'usd')).toBe('$12.50');
    expect(paid(1205, 'usd')).toBe('Successfully paid $12.05');
  });

  it('names the currency the donor paid in, never dollars for another', () => {
    expect(donationAmount(3000, 'eur')).toBe('€30');
    expect(paid(100_000, 'bdt')).toBe('Successfully paid BDT\u00a01,000');
    expect(paid(3000, 'jpy')).toBe('Successfully paid ¥3,000');
  });

  it('says it in Bengali, with Bengali digits', () => {
    expect(paid(100_000, 'bdt', 'bn')).toBe(`সফলভাবে ${donationAmount(100_000, 'bdt', 'bn')} পরিশোধ করা হয়েছে`);
    expect(donationAmount(100_000, 'bdt', 'bn')).toMatch(/১,০০০/);
  });
});
