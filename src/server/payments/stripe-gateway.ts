import Stripe from 'stripe';
import type { StripeSettings } from '../config.ts';
import {
  type GatewayPayment,
  InvalidSignature,
  type PaymentGateway,
  type PaymentNotification,
  type PaymentStatus,
  RefundRefused,
  type SubscriptionGateway,
} from './gateway.ts';

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
    paymentMethod: typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null),
  };
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
const instant = (unix: number | null | undefined) => (unix ? new Date(unix * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** The PaymentIntent an invoice was paid (or is to be paid) with. */
function invoicePaymentId(invoice: Stripe.Invoice): string | null {
  for (const entry of invoice.payments?.data ?? []) {
    const id = idOf(entry.payment.payment_intent);
    if (id) return id;
  }
  // Its confirmation secret is the PaymentIntent's own: `pi_…_secret_…`.
  return invoice.confirmation_secret?.client_secret.split('_secret_')[0] ?? null;
}

/** The subscription an invoice is for. */
const invoiceSubscription = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription);

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

  /** The product every monthly gift's price is for: made once, kept for the process. */
  let product: Promise<string> | undefined;
  const monthlyProduct = () => {
    product ??= stripe.products
      .create({ name: 'Monthly gift' }, { idempotencyKey: `monthly-gift-product:${new Date().toISOString().slice(0, 10)}` })
      .then((made) => made.id)
      .catch((error: unknown) => {
        product = undefined;
        throw error;
      });
    return product;
  };

  const subscriptions: SubscriptionGateway = {
    async start({ amountCents, currency, email, idempotencyKey, metadata }) {
      const customer = await stripe.customers.create(
        { email, metadata: { accountId: metadata.accountId } },
        { idempotencyKey: `${idempotencyKey}:customer` },
      );
      const made = await stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [
            { price_data: { currency, product: await monthlyProduct(), unit_amount: amountCents, recurring: { interval: 'month' } } },
          ],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
          metadata: { ...metadata },
          expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
        },
        { idempotencyKey: `${idempotencyKey}:subscription` },
      );
      const invoice = typeof made.latest_invoice === 'object' ? made.latest_invoice : null;
      const clientSecret = invoice?.confirmation_secret?.client_secret;
      const paymentId = invoice && invoicePaymentId(invoice);
      if (!clientSecret || !paymentId) throw new Error('Stripe returned a subscription without a payment to confirm');
      // The first month is then recorded as any donation is: the payment names its donor, event and gift.
      await stripe.paymentIntents.update(
        paymentId,
        { metadata: { ...metadata, period: '1' } },
        { idempotencyKey: `${idempotencyKey}:payment` },
      );
      return { gatewayId: made.id, paymentId, clientSecret };
    },
    async setAmount(gatewayId, amountCents, currency, idempotencyKey) {
      const current = await stripe.subscriptions.retrieve(gatewayId);
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${gatewayId} has no item`);
      await stripe.subscriptions.update(
        gatewayId,
        {
          items: [
            {
              id: item.id,
              price_data: { currency, product: await monthlyProduct(), unit_amount: amountCents, recurring: { interval: 'month' } },
            },
          ],
          proration_behavior: 'none',
        },
        { idempotencyKey },
      );
    },
    async pause(gatewayId, until, idempotencyKey) {
      await stripe.subscriptions.update(
        gatewayId,
        { pause_collection: until ? { behavior: 'void', resumes_at: seconds(until) } : '' },
        { idempotencyKey },
      );
    },
    async cancel(gatewayId) {
      try {
        await stripe.subscriptions.cancel(gatewayId);
      } catch (error) {
        // Already cancelled (by an earlier try, or Stripe after its last retry): what was asked is so.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode !== 404) {
          const now = await stripe.subscriptions.retrieve(gatewayId);
          if (now.status === 'canceled') return;
        }
        throw error;
      }
    },
  };

  /** A monthly gift's month paid: the payment, named as the gift's (from the subscription's own metadata), and the next date. */
  async function renewalOf(eventId: string, type: string, invoice: Stripe.Invoice): Promise<PaymentNotification> {
    const gatewayId = invoiceSubscription(invoice);
    const paymentId = invoicePaymentId(invoice);
    if (!gatewayId || !paymentId) return { id: eventId, type, payment: null };
    const [sub, intent] = await Promise.all([stripe.subscriptions.retrieve(gatewayId), retrieve(paymentId)]);
    if (!intent) return { id: eventId, type, payment: null };
    const payment = toPayment(intent);
    const { subscriptionId, accountId, email, eventId: giftEvent } = sub.metadata;
    return {
      id: eventId,
      type,
      payment: { ...payment, metadata: { accountId, email, eventId: giftEvent ?? '', subscriptionId } },
      renewal: { gatewayId, nextPaymentAt: instant(sub.items.data[0]?.current_period_end) },
    };
  }

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
    subscriptions,

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

    async verifyNotification(rawBody, signature): Promise<PaymentNotification> {
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
      if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
        // Asked of Stripe again rather than trusted from the notification's copy.
        const invoice = await stripe.invoices.retrieve((event.data.object as Stripe.Invoice).id ?? '', { expand: ['payments'] });
        if (event.type === 'invoice.paid') return renewalOf(event.id, event.type, invoice);
        const gatewayId = invoiceSubscription(invoice);
        const renewalFailed = gatewayId
          ? {
              gatewayId,
              tries: invoice.attempt_count,
              nextTryAt: instant(invoice.next_payment_attempt),
              payUrl: invoice.hosted_invoice_url ?? null,
            }
          : null;
        return { id: event.id, type: event.type, payment: null, renewalFailed };
      }
      if (event.type === 'customer.subscription.deleted') {
        return {
          id: event.id,
          type: event.type,
          payment: null,
          subscriptionEnded: { gatewayId: (event.data.object as Stripe.Subscription).id },
        };
      }
      if (event.type !== 'payment_intent.succeeded') return { id: event.id, type: event.type, payment: null };
      // Ask Stripe for the payment itself rather than trusting the notification's copy.
      const intent = await retrieve((event.data.object as Stripe.PaymentIntent).id);
      return { id: event.id, type: event.type, payment: intent ? toPayment(intent) : null };
    },
  };
}
