import type { TFunction } from 'i18next';
import { formatMoney } from '../../../shared/money.ts';

/**
 * The donation form's amounts: '$30', '$12.50', '¥3,000', 'BDT 1,000': whole amounts without minor digits,
 * in the reader's language (Bengali digits in Bengali).
 */
export function donationAmount(minor: number, currency: string, language = 'en'): string {
  return formatMoney(minor, currency, { whole: true, language });
}

/**
 * The toast after paying, in the reader's language and the donation's own currency: 'Successfully paid
 * $30' in English, as the spec words it (section 7).
 */
export function paidMessage(minor: number, currency: string, t: TFunction<'donations'>, language: string): string {
  return t('outcome.paid', { amount: donationAmount(minor, currency, language) });
}
