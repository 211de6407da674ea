import { donationMessages } from '../../../shared/donations.ts';
import { fillMessage } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';

/**
 * The donation form's amounts: '$30', '$12.50', '¥3,000', 'BDT 1,000': whole amounts without minor digits,
 * in the reader's language (Bengali digits in Bengali).
 */
export function donationAmount(minor: number, currency: string, language = 'en'): string {
  return formatMoney(minor, currency, { whole: true, language });
}

/** The toast after paying: 'Successfully paid $30' (spec section 7), in the donation's own currency. */
export function paidMessage(minor: number, currency: string): string {
  return fillMessage(donationMessages.paid, { amount: donationAmount(minor, currency) });
}
