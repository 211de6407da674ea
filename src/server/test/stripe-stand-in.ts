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
