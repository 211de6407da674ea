import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, parseMoney } from '../../shared/money.ts';
import { type SiteSettingsFormValues, siteSettingsFormSchema } from '../../shared/site.ts';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { startStripeStandIn, stripeSettingsFor } from '../test/stripe-stand-in.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Money in every currency, from the amount an admin types on the settings page to what Stripe is asked
 * to charge (the real `stripe` client against the local stand-in), the receipt and the export: 3000 is
 * $30.00 but ¥3,000, so an admin who offers ¥30 must have ¥30 charged, not ¥3,000.
 */
let stripeApi: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: TestApp;
let donor: TestAccount;
let admin: TestAccount;
let eventId: string;

beforeAll(async () => {
  stripeApi = await startStripeStandIn();
  t = await startTestApp({ stripe: stripeSettingsFor(stripeApi) });
  donor = await signUp(t);
  admin = await signUp(t, { role: 'admin' });
  eventId = (await insertEvent(t.app.db, { title: 'Char Kukri-Mukri Mangrove Planting' })).id;
});
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});

/** The settings page's values, as an admin types them, in `currency`. */
function typedSettings(currency: string, amounts: string, minAmount: string, maxAmount: string): SiteSettingsFormValues {
  return {
    name: 'Helping Hands',
    logo: '',
    tagline: '',
    headline: '',
    subtext: '',
    address: '',
    phone: '',
    email: '',
    registrationNumber: '',
    socialLinks: [],
    timeZone: 'Asia/Dhaka',
    defaultLanguage: 'en',
    currency,
    privacy: '',
    terms: '',
    donationAmounts: amounts,
    customAmount: true,
    minAmount,
    maxAmount,
    questions: [],
  };
}

async function saveTyped(values: SiteSettingsFormValues) {
  const settings = siteSettingsFormSchema.parse(values);
  const res = await call(t, 'PUT', '/api/site', settings, admin.auth);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** Pays `amount` (minor units, or the first preset) through the stand-in, and gives the donation's receipt and what Stripe was asked. */
async function donate(amount?: number) {
  const started = await call(t, 'POST', '/api/create-payment-intent', { eventId, attemptId: randomUUID(), amount }, donor.auth);
  expect(started.status, await started.clone().text()).toBe(200);
  const payment = await started.json();
  const asked = stripeApi.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1)!;
  stripeApi.succeed(payment.paymentId, '4242');
  const recorded = await call(t, 'POST', '/api/payment', { transaction: payment.paymentId }, donor.auth);
  expect(recorded.status).toBe(200);
  const { insertedId } = await recorded.json();
  const receipt = await (await call(t, 'GET', `/api/payment/${insertedId}/receipt`, undefined, donor.auth)).json();
  return { payment, asked, receipt };
}

const cases = [
  { currency: 'usd', min: '1', typed: '30', charged: 3000, shown: '$30.00', other: '12.50', otherCharged: 1250, csv: '30.00' },
  { currency: 'eur', min: '1', typed: '30', charged: 3000, shown: '€30.00', other: '12.50', otherCharged: 1250, csv: '30.00' },
  {
    currency: 'bdt',
    min: '100',
    typed: '1000',
    charged: 100_000,
    shown: 'BDT\u00a01,000.00',
    other: '750.25',
    otherCharged: 75_025,
    csv: '1000.00',
  },
  { currency: 'jpy', min: '100', typed: '3000', charged: 3000, shown: '¥3,000', other: '1500', otherCharged: 1500, csv: '3000' },
];

describe('money in the currency the charity takes, through the real Stripe client', () => {
  for (const { currency, min, typed, charged, shown, other, otherCharged, csv } of cases) {
    it(`charges ${shown} when an admin offers ${typed} ${currency.toUpperCase()}, and says ${shown} everywhere`, async () => {
      const site = await saveTyped(typedSettings(currency, `${typed}, 5000`, min, '100000'));
      expect(site.donationAmounts[0]).toBe(charged);

      const { payment, asked, receipt } = await donate();
      expect(payment).toMatchObject({ amount: charged, currency });
      expect(asked.body.get('amount')).toBe(String(charged));
      expect(asked.body.get('currency')).toBe(currency);
      expect(receipt).toMatchObject({ amount: charged, currency });
      expect(formatAmount(receipt.amount, receipt.currency)).toBe(shown);

      // Another amount, typed by the donor in the same money (as the donation form reads it), is charged as typed.
      const typedByDonor = parseMoney(other, currency);
      expect(typedByDonor).toBe(otherCharged);
      const another = await donate(otherCharged);
      expect(another.asked.body.get('amount')).toBe(String(otherCharged));

      const exported = await (await call(t, 'GET', '/api/payment/export.csv', undefined, admin.auth)).text();
      expect(exported).toContain(`\n${csv},${currency.toUpperCase()},${payment.paymentId},`);
    });
  }

  it('refuses on the settings page an amount with more decimals than the currency has: yen have none', () => {
    const parsed = siteSettingsFormSchema.safeParse(typedSettings('jpy', '30.50', '100', '100000'));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toMatchObject([{ path: ['donationAmounts', 0], message: 'Each amount must be an amount such as 2500' }]);
  });

  it('holds amounts to what a card payment may be in the currency’s own writing', async () => {
    const res = await call(
      t,
      'PUT',
      '/api/site',
      { ...siteSettingsFormSchema.parse(typedSettings('jpy', '3000', '100', '1000')), minAmount: 10 },
      admin.auth,
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields.minAmount).toBe('The smallest other amount must be at least ¥50');
  });
});
