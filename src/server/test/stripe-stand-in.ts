import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config.ts';
import type { TestApp } from './test-app.ts';

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  created: number;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last4?: string;
}

interface StandInSubscription {
  id: string;
  customer: string;
  status: 'incomplete' | 'active' | 'canceled';
  metadata: Record<string, string>;
  itemId: string;
  unitAmount: number;
  currency: string;
  periodEnd: number;
  pauseCollection: { behavior: string; resumes_at: number | null } | null;
  invoices: string[];
}

interface StandInInvoice {
  id: string;
  subscription: string;
  paymentIntent: string;
  amount: number;
  attemptCount: number;
  status: 'open' | 'paid';
}

/** Form fields under a prefix, as Stripe's library sends nested objects (`metadata[key]`). */
function fieldsUnder(body: URLSearchParams, prefix: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of body) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) found[key.slice(prefix.length + 1, -1)] = value;
  }
  return found;
}

const month = 30 * 86_400;

/** The secret the stand-in's notices are signed with, which the app checks them by (see `stripeSettingsFor`). */
export const standInWebhookSecret = 'whsec_test_secret_for_the_stand_in';

/** The app's Stripe settings for a test against a running stand-in: keys it accepts, its address and its webhook secret. */
export function stripeSettingsFor(standIn: { url: URL }): Config['stripe'] {
  return { secretKey: 'sk_test_stand_in', publishableKey: 'pk_test_stand_in', webhookSecret: standInWebhookSecret, apiBase: standIn.url };
}

/** Posts a notice to the app's Stripe webhook as Stripe would: `payload` as JSON, with `signature` as its Stripe-Signature. */
export function postToWebhook(t: TestApp, payload: string, signature: string) {
  return t.api('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

async function readBody(request: IncomingMessage) {
  let text = '';
  for await (const chunk of request) text += chunk;
  return new URLSearchParams(text);
}

/**
 * A local stand-in for the part of Stripe's API the product uses (PaymentIntents), so tests run the
 * real `stripe` library against real HTTP. It keeps idempotency keys as Stripe does.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, Intent>();
  const byIdempotencyKey = new Map<string, string>();
  const refunded = new Map<string, { id: string }>();
  const refundsByKey = new Map<string, { id: string }>();
  const requests: { method: string; path: string; idempotencyKey: string | undefined; body: URLSearchParams }[] = [];
  const subscriptions = new Map<string, StandInSubscription>();
  const invoices = new Map<string, StandInInvoice>();
  const made = new Map<string, unknown>();
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const newIntent = (amount: number, currency: string, metadata: Record<string, string> = {}): Intent => {
    const intentId = id('pi');
    const intent: Intent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      currency,
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      created: Math.floor(Date.now() / 1000),
      metadata,
      latest_charge: null,
    };
    intents.set(intentId, intent);
    return intent;
  };
  const renderInvoice = (invoice: StandInInvoice) => {
    const sub = subscriptions.get(invoice.subscription)!;
    const intent = intents.get(invoice.paymentIntent)!;
    return {
      id: invoice.id,
      object: 'invoice',
      status: invoice.status,
      amount_paid: invoice.status === 'paid' ? invoice.amount : 0,
      attempt_count: invoice.attemptCount,
      next_payment_attempt: invoice.status === 'paid' ? null : Math.floor(Date.now() / 1000) + 3 * 86_400,
      hosted_invoice_url: `https://invoice.stripe.test/${invoice.id}`,
      billing_reason: sub.invoices[0] === invoice.id ? 'subscription_create' : 'subscription_cycle',
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
      payments: {
        object: 'list',
        data: [{ object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: intent.id } }],
        has_more: false,
      },
    };
  };
  const renderSubscription = (sub: StandInSubscription, expandInvoice: boolean) => {
    const latest = sub.invoices.at(-1);
    return {
      id: sub.id,
      object: 'subscription',
      status: sub.status,
      customer: sub.customer,
      metadata: sub.metadata,
      pause_collection: sub.pauseCollection,
      items: {
        object: 'list',
        data: [
          {
            id: sub.itemId,
            object: 'subscription_item',
            current_period_end: sub.periodEnd,
            price: { unit_amount: sub.unitAmount, currency: sub.currency },
          },
        ],
        has_more: false,
      },
      latest_invoice: latest && expandInvoice ? renderInvoice(invoices.get(latest)!) : (latest ?? null),
    };
  };
  const missing = (what: string) => ({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
  /** What Stripe does between making a refund and answering for it (a test sends its notice meanwhile). */
  let beforeRefundAnswer: ((refund: { id: string; payment_intent: string }) => Promise<void>) | undefined;

  const render = (intent: Intent, expandCharge: boolean) => {
    const { last4, ...rest } = intent;
    return {
      ...rest,
      latest_charge:
        expandCharge && intent.latest_charge
          ? { id: intent.latest_charge, object: 'charge', payment_method_details: { type: 'card', card: { last4 } } }
          : intent.latest_charge,
    };
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = await readBody(request);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? '', path: url.pathname, idempotencyKey, body });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
        // Stripe.js calls the API from the donation page's origin.
        'access-control-allow-origin': '*',
      });
      response.end(JSON.stringify(payload));
    };
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const existing = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (existing) return send(200, render(intents.get(existing)!, false));
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of body) {
        const match = key.match(/^metadata\[(.+)\]$/);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        currency: body.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        created: Math.floor(Date.now() / 1000),
        metadata,
        latest_charge: null,
      };
      intents.set(id, intent);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
      return send(200, render(intent, false));
    }
    // Made once per idempotency key, as Stripe does (customers, products, subscriptions, updates).
    const once = (make: () => unknown) => {
      const key = idempotencyKey ? `${url.pathname}:${idempotencyKey}` : undefined;
      if (key && made.has(key)) return send(200, made.get(key));
      const answer = make();
      if (key) made.set(key, answer);
      return send(200, answer);
    };
    if (request.method === 'POST' && url.pathname === '/v1/products') return once(() => ({ id: id('prod'), object: 'product' }));
    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      return once(() => ({ id: id('cus'), object: 'customer', email: body.get('email'), metadata: fieldsUnder(body, 'metadata') }));
    }
    if (request.method === 'POST' && url.pathname === '/v1/subscriptions') {
      const key = idempotencyKey ? `${url.pathname}:${idempotencyKey}` : undefined;
      const existing = key ? (made.get(key) as string | undefined) : undefined;
      if (existing) return send(200, renderSubscription(subscriptions.get(existing)!, true));
      const unitAmount = Number(body.get('items[0][price_data][unit_amount]'));
      const currency = body.get('items[0][price_data][currency]') ?? 'usd';
      const sub: StandInSubscription = {
        id: id('sub'),
        customer: body.get('customer') ?? '',
        status: 'incomplete',
        metadata: fieldsUnder(body, 'metadata'),
        itemId: id('si'),
        unitAmount,
        currency,
        periodEnd: Math.floor(Date.now() / 1000) + month,
        pauseCollection: null,
        invoices: [],
      };
      const intent = newIntent(unitAmount, currency);
      const invoice: StandInInvoice = {
        id: id('in'),
        subscription: sub.id,
        paymentIntent: intent.id,
        amount: unitAmount,
        attemptCount: 0,
        status: 'open',
      };
      invoices.set(invoice.id, invoice);
      sub.invoices.push(invoice.id);
      subscriptions.set(sub.id, sub);
      if (key) made.set(key, sub.id);
      return send(200, renderSubscription(sub, true));
    }
    const subPath = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (subPath?.[1]) {
      const sub = subscriptions.get(subPath[1]);
      if (!sub) return send(404, missing('subscription'));
      if (request.method === 'GET') return send(200, renderSubscription(sub, false));
      if (request.method === 'DELETE') {
        if (sub.status === 'canceled') {
          return send(400, { error: { type: 'invalid_request_error', message: 'This subscription has already been canceled.' } });
        }
        sub.status = 'canceled';
        return send(200, renderSubscription(sub, false));
      }
      if (request.method === 'POST') {
        if (sub.status === 'canceled') {
          return send(400, { error: { type: 'invalid_request_error', message: 'A canceled subscription can only update its metadata.' } });
        }
        const amount = body.get('items[0][price_data][unit_amount]');
        if (amount) {
          if (body.get('items[0][id]') !== sub.itemId) return send(400, missing('subscription_item'));
          sub.unitAmount = Number(amount);
        }
        if (body.has('pause_collection')) sub.pauseCollection = null;
        const behavior = body.get('pause_collection[behavior]');
        if (behavior) sub.pauseCollection = { behavior, resumes_at: Number(body.get('pause_collection[resumes_at]')) || null };
        return send(200, renderSubscription(sub, false));
      }
    }
    const invoicePath = url.pathname.match(/^\/v1\/invoices\/([^/]+)$/);
    if (request.method === 'GET' && invoicePath?.[1]) {
      const invoice = invoices.get(invoicePath[1]);
      return invoice ? send(200, renderInvoice(invoice)) : send(404, missing('invoice'));
    }
    const intentUpdate = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (request.method === 'POST' && intentUpdate?.[1]) {
      const intent = intents.get(intentUpdate[1]);
      if (!intent) return send(404, missing('payment_intent'));
      Object.assign(intent.metadata, fieldsUnder(body, 'metadata'));
      return send(200, render(intent, false));
    }
    const confirming = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/);
    if (request.method === 'POST' && confirming?.[1]) {
      // What Stripe.js's confirmCardPayment asks of the API, with Stripe's documented test cards.
      const intent = intents.get(confirming[1]);
      if (!intent || body.get('client_secret') !== intent.client_secret) {
        return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
      }
      const number = (body.get('payment_method_data[card][number]') ?? '').replace(/\D/g, '');
      if (number === '4000000000000002') {
        return send(402, {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: render(intent, false) },
        });
      }
      Object.assign(intent, { status: 'succeeded', latest_charge: `ch_${randomBytes(8).toString('hex')}`, last4: number.slice(-4) });
      return send(200, render(intent, false));
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      // A refund of the whole payment, once: the same idempotency key gives the same refund back.
      const existing = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
      if (existing) return send(200, existing);
      const intent = intents.get(body.get('payment_intent') ?? '');
      if (!intent)
        return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
      if (intent.status !== 'succeeded') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: 'This PaymentIntent has no successful charge to refund.',
          },
        });
      }
      if (refunded.has(intent.id)) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge ${intent.latest_charge} has already been refunded.`,
          },
        });
      }
      const refund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount: intent.amount,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      };
      refunded.set(intent.id, refund);
      if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
      await beforeRefundAnswer?.(refund);
      return send(200, refund);
    }
    const match = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (request.method === 'GET' && match?.[1]) {
      const intent = intents.get(match[1]);
      if (!intent)
        return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
      return send(
        200,
        render(
          intent,
          url.searchParams.getAll('expand[]').includes('latest_charge') || url.searchParams.getAll('expand[0]').includes('latest_charge'),
        ),
      );
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` } });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');

  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    requests,
    intents,
    /** What Stripe.js confirming a card in the browser does to the payment. */
    succeed(id: string, last4 = '4242') {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no payment ${id}`);
      Object.assign(intent, { status: 'succeeded', latest_charge: `ch_${randomBytes(8).toString('hex')}`, last4 });
    },
    /** The refunds made, by payment. */
    refunded,
    subscriptions,
    invoices,
    /** What Stripe.js confirming a subscription's first payment does: the payment succeeds, the subscription becomes active. */
    payFirstInvoice(subscriptionId: string, last4 = '4242') {
      const sub = subscriptions.get(subscriptionId);
      const invoice = sub && invoices.get(sub.invoices[0] ?? '');
      if (!sub || !invoice) throw new Error(`no subscription ${subscriptionId}`);
      const intent = intents.get(invoice.paymentIntent)!;
      Object.assign(intent, { status: 'succeeded', latest_charge: `ch_${randomBytes(8).toString('hex')}`, last4 });
      Object.assign(invoice, { status: 'paid', attemptCount: 1 });
      sub.status = 'active';
      return invoice.id;
    },
    /**
     * What Stripe's billing does when a month comes: a new invoice, its payment taken from the saved card
     * (or refused), the period moved on when paid. The invoice's id, for the notice a test sends.
     */
    bill(subscriptionId: string, outcome: 'paid' | 'refused' = 'paid', last4 = '4242') {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      const intent = newIntent(sub.unitAmount, sub.currency);
      const invoice: StandInInvoice = {
        id: id('in'),
        subscription: sub.id,
        paymentIntent: intent.id,
        amount: sub.unitAmount,
        attemptCount: 1,
        status: 'open',
      };
      invoices.set(invoice.id, invoice);
      sub.invoices.push(invoice.id);
      if (outcome === 'paid') {
        Object.assign(intent, { status: 'succeeded', latest_charge: `ch_${randomBytes(8).toString('hex')}`, last4 });
        invoice.status = 'paid';
        sub.periodEnd += month;
      }
      return invoice.id;
    },
    /**
     * Has the next refunds answered only once `meanwhile` is done: Stripe's notice of a refund may reach
     * the app before Stripe's answer to the call that asked for it. Undefined answers at once again.
     */
    whileRefunding(meanwhile: typeof beforeRefundAnswer) {
      beforeRefundAnswer = meanwhile;
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
