import type { Page } from 'playwright-core';
import { contentSecurityPolicy } from '../../src/server/http/security-headers.ts';

/**
 * A local stand-in for Stripe.js (js.stripe.com cannot be reached from the test machine), served
 * for https://js.stripe.com/* in the browser. It implements what Stripe Elements' React bindings and
 * the donation page use: elements(), a 'card' element (a plain input labelled 'Card number'
 * standing for Stripe's iframe) and confirmCardPayment, which settles the payment through the
 * offline gateway so the server sees a payment that really succeeded or was declined.
 * Every confirmCardPayment call is kept in window.stripeStandInCalls for the test to read.
 */
const stripeJs = `
(() => {
  window.stripeStandInCalls = [];
  function Stripe(publishableKey) {
    let card = null;
    let input = null;
    const createCard = () => {
      const handlers = {};
      const fire = (event, payload) => (handlers[event] || []).forEach((handler) => handler(payload));
      card = {
        mount(target) {
          const node = typeof target === 'string' ? document.querySelector(target) : target;
          input = document.createElement('input');
          input.setAttribute('aria-label', 'Card number');
          input.setAttribute('autocomplete', 'cc-number');
          input.addEventListener('input', () => fire('change', { elementType: 'card', empty: !input.value, complete: input.value.replace(/\\D/g, '').length >= 16 }));
          input.addEventListener('focus', () => fire('focus', { elementType: 'card' }));
          input.addEventListener('blur', () => fire('blur', { elementType: 'card' }));
          node.appendChild(input);
          setTimeout(() => fire('ready', card), 0);
        },
        on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return card; },
        off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return card; },
        update(options) { if (input && options && 'disabled' in options) input.readOnly = Boolean(options.disabled); },
        focus() { input && input.focus(); },
        blur() { input && input.blur(); },
        clear() { if (input) input.value = ''; },
        unmount() { input && input.remove(); },
        destroy() { input && input.remove(); card = null; },
      };
      return card;
    };
    return {
      publishableKey,
      elements() {
        return {
          create(type) { if (type !== 'card') throw new Error('the stand-in has only the card element'); return createCard(); },
          getElement(type) { return type === 'card' || (type && type.__elementType === 'card') ? card : null; },
          update() {},
        };
      },
      createToken() { throw new Error('not in the stand-in'); },
      createPaymentMethod() { throw new Error('not in the stand-in'); },
      async confirmCardPayment(clientSecret, data) {
        const method = data.payment_method;
        window.stripeStandInCalls.push({ clientSecret, billingDetails: method.billing_details, withCardElement: method.card === card });
        const number = input.value.replace(/\\D/g, '');
        const response = await fetch('/api/test-payments/confirm', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ clientSecret, card: { number, expMonth: 12, expYear: 2099, cvc: '123', postalCode: '12345' } }),
        });
        const body = await response.json();
        const paymentIntent = { id: body.paymentId, object: 'payment_intent', status: body.status };
        // As Stripe.js does, a card error carries the payment as it now stands.
        if (body.error) return { error: { type: 'card_error', code: body.error.code, message: body.error.message, payment_intent: paymentIntent } };
        return { paymentIntent };
      },
    };
  }
  window.Stripe = Stripe;
})();
`;

/**
 * Makes the donation page run in Stripe mode against the stand-in: the page gets the Stripe-mode
 * Content-Security-Policy the server sends when Stripe keys are set, create-payment-intent answers
 * in Stripe mode (with the offline gateway's real payment underneath), and js.stripe.com is served
 * locally.
 */
export async function useStripeStandIn(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: stripeJs }),
  );
  await page.route(
    (url) => url.pathname.startsWith('/donation/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'content-security-policy': contentSecurityPolicy({ stripe: true }) },
      });
    },
  );
  await page.route('**/api/create-payment-intent', async (route) => {
    const response = await route.fetch();
    const started = await response.json();
    await route.fulfill({ response, json: { ...started, mode: 'stripe', publishableKey: 'pk_test_stand_in' } });
  });
}

export async function stripeStandInCalls(page: Page) {
  return page.evaluate(() => (window as unknown as { stripeStandInCalls: unknown[] }).stripeStandInCalls);
}
