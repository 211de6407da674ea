import { donationMessages } from '../../../shared/donations.ts';
import { fillMessage } from '../../../shared/messages.ts';
import { formatAmount } from '../../../shared/money.ts';

/** 3000 → '30', 1250 → '12.50': dollars as the spec writes them, with cents only when there are some. */
export function dollars(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The donation form's Amount: '$30' (spec section 2); another currency in its own format. */
export function donationAmount(cents: number, currency: string): string {
  return currency.toLowerCase() === 'usd' ? `$${dollars(cents)}` : formatAmount(cents, currency);
}

/** The toast after paying: 'Successfully paid $30' (spec section 7). */
export function paidMessage(cents: number): string {
  return fillMessage(donationMessages.paid, { amount: dollars(cents) });
}
