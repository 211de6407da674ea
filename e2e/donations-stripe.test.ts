import { afterAll, describe, expect, it } from 'vitest';
import { startStripeStandIn } from '../src/server/test/stripe-stand-in.ts';
import { colourOf, red, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible, toast } from './support/browser.ts';
import { donationsOf, donationForm as form, payButton, stripeDownloads, unexpectedProblems } from './support/donations.ts';
import { upcomingDemoEvents } from './support/events.ts';
import { configureServer } from './support/server.ts';
import { useStripeStandIn } from './support/stripe-js-stand-in.ts';

/**
 * The donation page in Stripe mode: this file's server has Stripe keys and talks, through the real
 * `stripe` library, to a local stand-in for Stripe's API, which the page's Stripe.js stand-in calls
 * too. Nothing of the app's own replies is changed on the way.
 */
let stripeApi: Awaited<ReturnType<typeof startStripeStandIn>>;

configureServer(async () => {
  stripeApi = await startStripeStandIn();
  return {
    stripe: { secretKey: 'sk_test_stand_in', publishableKey: 'pk_test_stand_in', webhookSecret: undefined, apiBase: stripeApi.url },
  };
});

afterAll(() => stripeApi.close());

const declined = 'Your card was declined.';

describe('donations in Stripe mode', () => {
  it('pays through Stripe Elements, fetching Stripe.js only then', async () => {
    const [event] = await upcomingDemoEvents();
    const who = await signUpThroughApi({ email: uniqueEmail('stripe'), name: 'Stella Stripe' });
    const page = await signedInPage(who);
    const stripe = stripeDownloads(page);
    await useStripeStandIn(page, stripeApi.url);
    const document = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/donation/'));
    await page.goto(`/donation/${event!._id}`);
    // The server itself sends the Stripe-mode policy that lets Stripe.js and its API in.
    expect((await document).headers()['content-security-policy']).toContain('https://js.stripe.com');

    const card = form(page).getByRole('group', { name: 'Card details' }).getByLabel('Card number');
    await card.waitFor();
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    expect(await page.getByText('Test mode: no real money moves').count()).toBe(0);
    expect(await form(page).getByRole('radio', { name: '$30' }).isChecked()).toBe(true);
    await form(page).getByRole('button', { name: 'Donate $30' }).waitFor();
    await form(page).getByText('straight to Stripe, our payment processor', { exact: false }).waitFor();
    expect(stripe.some((url) => url.startsWith('https://js.stripe.com/'))).toBe(true);
    expect(stripe.some((url) => url.includes('/assets/stripe-elements-'))).toBe(true);
    // The server made the payment at Stripe (the stand-in) for the amount it decided.
    const created = stripeApi.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(created.map((r) => r.body.get('amount'))).toEqual(['3000']);

    await card.fill('4000 0000 0000 0002');
    await payButton(page).click();
    await form(page).getByRole('alert').filter({ hasText: declined }).waitFor();
    expect(await colourOf(page, declined)).toBe(red);
    expect(await donationsOf(who)).toEqual([]);

    await card.fill('4242 4242 4242 4242');
    await payButton(page).click();
    await form(page).getByRole('status').getByText('Donation Completed Successfully', { exact: true }).waitFor();
    await toast(page, 'Successfully paid $30').waitFor();
    expect(await payButton(page).isDisabled()).toBe(true);
    // Recorded once, from what Stripe says of the payment (the server asked the stand-in), not from the page.
    expect(await donationsOf(who)).toEqual([expect.objectContaining({ amount: 3000, last4: '4242' })]);
    const confirms = stripeApi.requests.filter((r) => r.path.endsWith('/confirm'));
    expect(confirms).toHaveLength(2);
    // The card was confirmed with the donor's name and email, as the spec says.
    expect(confirms[1]!.body.get('payment_method_data[billing_details][name]')).toBe('Stella Stripe');
    expect(confirms[1]!.body.get('payment_method_data[billing_details][email]')).toBe(who.email);
    await expectAccessible(page);
    // The declined card's 402 from Stripe's API is logged by the browser, as it is with the real Stripe.js.
    expect(unexpectedProblems(page)).toEqual([]);
  });

  it('offers to load the card form again when Stripe.js cannot be fetched', async () => {
    const [event] = await upcomingDemoEvents();
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('offline') }));
    await useStripeStandIn(page, stripeApi.url);
    let offline = true;
    // Registered last, so it is asked first.
    await page.route('https://js.stripe.com/**', (route) => (offline ? route.abort('internetdisconnected') : route.fallback()));
    await page.goto(`/donation/${event!._id}`);

    const problem = form(page).getByRole('alert').filter({ hasText: 'The card form could not be loaded' });
    await problem.waitFor();
    expect(await payButton(page).isDisabled()).toBe(true);
    await expectAccessible(page);

    offline = false;
    await problem.getByRole('button', { name: 'Try again' }).click();
    await form(page).getByRole('group', { name: 'Card details' }).getByLabel('Card number').waitFor();
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    expect(await problem.count()).toBe(0);
    expect(unexpectedProblems(page)).toEqual([]);
  });
});
