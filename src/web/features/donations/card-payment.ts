/**
 * What the donation form needs from a card section, in either mode: confirm the payment with the
 * card the person entered. The test-mode form and Stripe Elements both answer like Stripe.js.
 */
export type CardConfirmation =
  | { status: 'succeeded'; paymentId: string }
  /** The gateway's (or the network's) words, shown in red as given. */
  | { status: 'failed'; message: string }
  /** The server named a field to correct; the field says what. Nothing was paid. */
  | { status: 'incomplete' };

export interface CardPaymentHandle {
  confirm(): Promise<CardConfirmation>;
}

/** Billing details sent with the card, as the spec's confirmation does (name and email). */
export interface Billing {
  name: string;
  email: string;
}
