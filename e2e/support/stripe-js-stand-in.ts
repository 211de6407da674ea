import type { Page } from 'playwright-core';

/**
 * A local stand-in for Stripe.js (js.stripe.com cannot be reached from the test machine). It
 * implements what Stripe Elements' React bindings and the donation page use: elements(), a 'card'
 * element (a plain input labelled 'Card number' standing for Stripe's iframe), confirmCardPayment
 * and retrievePaymentIntent, which call Stripe's API at https://api.stripe.com as Stripe.js does.
 */
const stripeJs = `
(() => {
  const api = 'https://api.stripe.com/v1/payment_intents/';
  const idOf = (clientSecret) => clientSecret.split('_secret_')[0];
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
        if (method.card !== card) throw new Error('confirmCardPayment was not given the card element');
        const form = new URLSearchParams({
          key: publishableKey,
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': input.value.replace(/\\D/g, ''),
          'payment_method_data[billing_details][name]': method.billing_details.name,
          'payment_method_data[billing_details][email]': method.billing_details.email,
        });
        const response = await fetch(api + idOf(clientSecret) + '/confirm', { method: 'POST', body: form });
        const body = await response.json();
        return body.error ? { error: body.error } : { paymentIntent: body };
      },
      async retrievePaymentIntent(clientSecret) {
        const response = await fetch(api + idOf(clientSecret) + '?key=' + publishableKey + '&client_secret=' + clientSecret);
        const body = await response.json();
        return body.error ? { error: body.error } : { paymentIntent: body };
      },
    };
  }
  window.Stripe = Stripe;
})();
`;

/**
 * Serves Stripe's two hosts to `page` from here: the stand-in script for js.stripe.com, and calls to
 * api.stripe.com passed to the local Stripe API stand-in the server also talks to.
 */
export async function useStripeStandIn(page: Page, stripeApi: URL) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: stripeJs }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const { pathname, search } = new URL(request.url());
    const response = await fetch(new URL(`${pathname}${search}`, stripeApi), {
      method: request.method(),
      headers: { 'content-type': request.headers()['content-type'] ?? 'application/x-www-form-urlencoded' },
      body: request.method() === 'GET' ? undefined : (request.postData() ?? undefined),
    });
    await route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() });
  });
}
