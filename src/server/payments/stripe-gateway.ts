import Stripe from 'stripe';
import type { StripeSettings } from '../config.ts';
import { type GatewayPayment, InvalidSignature, type PaymentGateway, type PaymentStatus, RefundRefused } from './gateway.ts';

const statuses: Record<string, PaymentStatus> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_action',
  requires_capture: 'processing',
  processing: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

function toPayment(intent: Stripe.PaymentIntent): GatewayPayment {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    id: intent.id,
    status: statuses[intent.status] ?? 'processing',
    amountCents: intent.amount,
    currency: intent.currency,
    created: new Date(intent.created * 1000),
    last4: charge?.payment_method_details?.card?.last4 ?? null,
    metadata: intent.metadata,
  };
}

/** Card payments through Stripe's PaymentIntents, confirmed in the browser by Stripe Elements. */
export function createStripeGateway(settings: StripeSettings): PaymentGateway {
  const base = settings.apiBase;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'Helping Hands' },
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
          maxNetworkRetries: 0,
        }
      : {}),
  });

  async function retrieve(id: string) {
    try {
      return await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  return {
    mode: 'stripe',
    publishableKey: settings.publishableKey,

    async createPayment({ amountCents, currency, idempotencyKey, metadata }) {
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency, allowed_payment_method_types: ['card'], metadata: { ...metadata } },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error('Stripe returned a payment without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrievePayment(id) {
      const intent = await retrieve(id);
      return intent ? toPayment(intent) : null;
    },

    async refundPayment({ paymentId, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey });
        return { id: refund.id, paymentId };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefused(error.message);
        throw error;
      }
    },

    async verifyNotification(rawBody, signature) {
      if (!settings.webhookSecret) throw new InvalidSignature('STRIPE_WEBHOOK_SECRET is not set');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch {
        throw new InvalidSignature('The notification signature is not valid');
      }
      if (event.type === 'charge.refunded') {
        // The signed copy says which payment and whether it was given back in full (a partial refund is not one here).
        const charge = event.data.object as Stripe.Charge;
        const paymentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
        const refund = charge.refunded && paymentId ? { paymentId, refundId: charge.refunds?.data[0]?.id ?? null } : null;
        return { id: event.id, type: event.type, payment: null, refund };
      }
      if (event.type !== 'payment_intent.succeeded') return { id: event.id, type: event.type, payment: null };
      // Ask Stripe for the payment itself rather than trusting the notification's copy.
      const intent = await retrieve((event.data.object as Stripe.PaymentIntent).id);
      return { id: event.id, type: event.type, payment: intent ? toPayment(intent) : null };
    },
  };
}
