/** What the product needs from a card payment provider; Stripe and the offline test mode implement it. */

export type PaymentStatus = 'requires_payment_method' | 'processing' | 'requires_action' | 'succeeded' | 'canceled';

/** Who the payment is for, written by the server when it creates the payment. */
export interface PaymentMetadata {
  accountId: string;
  email: string;
  /** The event given to; '' for a monthly gift to the organisation. */
  eventId: string;
  /** A monthly gift's payment: the gift, and which of its payments (1 is the first), as text as Stripe keeps metadata. */
  subscriptionId?: string;
  period?: string;
}

export interface GatewayPayment {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  created: Date;
  last4: string | null;
  metadata: Partial<PaymentMetadata>;
  /** What a monthly gift's later payments can be taken from (Stripe's payment method; a test card in test mode). */
  paymentMethod?: string | null;
}

export interface CreatedPayment {
  id: string;
  clientSecret: string;
}

/** A payment given back in full. */
export interface GatewayRefund {
  id: string;
  paymentId: string;
}

/** A provider's notification about a payment, after its signature was checked. */
export interface PaymentNotification {
  id: string;
  type: string;
  /** The payment the notification is about, when it says one succeeded. */
  payment: GatewayPayment | null;
  /** The payment given back in full, when it says one was (Stripe's `charge.refunded`). */
  refund?: { paymentId: string; refundId: string | null } | null;
  /** A monthly gift's month paid (Stripe's `invoice.paid`): its payment is `payment`; when the next is due. */
  renewal?: { gatewayId: string; nextPaymentAt: Date | null } | null;
  /** A monthly gift's payment refused (`invoice.payment_failed`): the tries so far, the next, and where the donor can pay it. */
  renewalFailed?: { gatewayId: string; tries: number; nextTryAt: Date | null; payUrl: string | null } | null;
  /** The provider stopped a monthly gift (`customer.subscription.deleted`): after its last retry, or cancelled here. */
  subscriptionEnded?: { gatewayId: string } | null;
}

/** A monthly gift at the provider (Stripe Subscriptions); the offline test mode keeps its gifts in the database instead. */
export interface SubscriptionGateway {
  /** The gift at the provider and its first month's payment, to confirm in the browser as a donation's is. */
  start(input: {
    amountCents: number;
    currency: string;
    email: string;
    idempotencyKey: string;
    metadata: PaymentMetadata;
  }): Promise<{ gatewayId: string; paymentId: string; clientSecret: string }>;
  /** A new monthly amount from the next payment (no proration). */
  setAmount(gatewayId: string, amountCents: number, currency: string, idempotencyKey: string): Promise<void>;
  /** No payments until `until` (null: from the next date again). */
  pause(gatewayId: string, until: Date | null, idempotencyKey: string): Promise<void>;
  /** Stops it; one already stopped is no error. */
  cancel(gatewayId: string): Promise<void>;
}

export interface PaymentGateway {
  mode: 'stripe' | 'test';
  /** For the browser: Stripe's publishable key in Stripe mode. */
  publishableKey: string | null;
  createPayment(input: {
    amountCents: number;
    currency: string;
    idempotencyKey: string;
    metadata: PaymentMetadata;
  }): Promise<CreatedPayment>;
  retrievePayment(id: string): Promise<GatewayPayment | null>;
  /**
   * Gives a succeeded payment back in full. The same key again gives the same refund (a retry after a
   * crash refunds nothing twice); a payment already given back under another key is a RefundRefused.
   */
  refundPayment(input: { paymentId: string; idempotencyKey: string }): Promise<GatewayRefund>;
  /** Checks a notification's signature; throws InvalidSignature when it is not the provider's. */
  verifyNotification(rawBody: Buffer, signature: string | undefined): Promise<PaymentNotification>;
  /** Monthly gifts kept by the provider (Stripe); absent in test mode, which renews them itself. */
  subscriptions?: SubscriptionGateway;
}

export class InvalidSignature extends Error {
  override name = 'InvalidSignature';
}

/** The provider will not give this payment back (already refunded, not paid, unknown); the message says why. */
export class RefundRefused extends Error {
  override name = 'RefundRefused';
}
