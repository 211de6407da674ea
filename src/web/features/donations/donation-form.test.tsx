import { describe, expect, it } from 'vitest';
import type { Account } from '../../../shared/accounts.ts';
import type { PaymentStarted } from '../../../shared/donations.ts';
import type { Event } from '../../../shared/events.ts';
import { sent } from '../../test/dom-setup.ts';
import { siteSettings } from '../../test/fixtures.ts';
import type { User } from '../../test/render-form.tsx';
import { button, expectNoProblem, expectProblem, expectRefused, expectSent, renderForm, screen, textbox } from '../../test/render-form.tsx';
import type { GiftFrequency } from './api.ts';
import { DonationForm } from './donation-form.tsx';

const event = { _id: '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b', title: 'Beach clean', past: false } as Event;
const account = { email: 'rita@example.org', displayName: 'Rita Moreno' } as Account;
const site = { ...siteSettings, name: 'Riverside Food Share', registrationNumber: '1234567' };
const options = { amounts: [3000, 5000], currency: 'usd', customAmount: false, minAmount: 100, maxAmount: 1_000_000 };

/** The offline gateway's payment for $30, started by the server. */
const testPayment: PaymentStarted = {
  clientSecret: 'pi_test_1_secret_abc',
  paymentId: 'pi_test_1',
  amount: 3000,
  currency: 'usd',
  mode: 'test',
  publishableKey: null,
};

/** The donation page's form for $30 to the beach clean, given once (or monthly), paid in test mode (or still waiting for its payment). */
function form(payment: PaymentStarted | null = testPayment, frequency: GiftFrequency = 'once') {
  return renderForm(
    <DonationForm
      event={event}
      account={account}
      site={site}
      frequency={{ value: frequency, onChange: () => {} }}
      amount={{ options, value: { choice: '3000', other: '' }, onChange: () => {}, error: null, cents: 3000 }}
      payment={payment ?? undefined}
      paymentError={null}
      onRetryPayment={() => {}}
    />,
  );
}

const card = {
  number: () => textbox('Card number'),
  expiry: () => textbox('Expiry (MM / YY)'),
  cvc: () => textbox('CVC'),
  postalCode: () => textbox('Postal code'),
};

/** The test card, as a donor types it; `change` puts something else in one of its fields. */
async function fillCard(user: User, change: Partial<Record<keyof typeof card, string>> = {}) {
  const typed = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', postalCode: ' SW1A 1AA ', ...change };
  for (const [name, text] of Object.entries(typed)) {
    if (!text) continue;
    await user.click(card[name as keyof typeof card]());
    await user.paste(text);
  }
}

const pay = (user: User) => user.click(button('Donate $30'));

describe('Make Donation, in test mode', () => {
  it('asks for each part of the card, beside each, sends nothing and puts focus on the number', async () => {
    const { user } = form();
    await pay(user);
    expectProblem(card.expiry(), "Your card's expiration date is incomplete.");
    expectProblem(card.cvc(), "Your card's security code is incomplete.");
    expectProblem(card.postalCode(), 'Your postal code is incomplete.');
    expectRefused(card.number(), 'Your card number is incomplete.');
  });

  it.each([
    ['number', '4242 4242 42', 'Your card number is incomplete.'],
    ['number', '4242-4242-abcd-4242', 'Your card number is incomplete.'],
    ['expiry', '13 / 30', "Your card's expiration month is invalid."],
    ['expiry', '00/30', "Your card's expiration month is invalid."],
    ['expiry', 'next year', "Your card's expiration date is incomplete."],
    ['expiry', '12/2101', "Your card's expiration year is invalid."],
    ['cvc', '12', "Your card's security code is incomplete."],
    ['cvc', '12a', "Your card's security code is incomplete."],
    ['postalCode', '   ', 'Your postal code is incomplete.'],
  ] as const)('refuses a card %s of %j with "%s", and puts focus there', async (name, typed, message) => {
    const { user } = form();
    await fillCard(user, { [name]: typed });
    await pay(user);
    for (const other of Object.keys(card).filter((key) => key !== name)) expectNoProblem(card[other as keyof typeof card]());
    expectRefused(card[name](), message);
  });

  it('sends the card to the test gateway as it takes it: digits only, month and year apart, the year in full', async () => {
    const { user } = form();
    await fillCard(user);
    await pay(user);
    expectSent('POST', '/api/test-payments/confirm', {
      clientSecret: 'pi_test_1_secret_abc',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', postalCode: 'SW1A 1AA' },
    });
    expect(button('Paying…')).toHaveProperty('disabled', true);
  });

  it.each([
    ['0330', 3, 2030],
    ['3/2031', 3, 2031],
  ])('takes an expiry typed as %j, as browsers fill it in', async (expiry, expMonth, expYear) => {
    const { user } = form();
    await fillCard(user, { expiry });
    await pay(user);
    expect(sent).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ card: expect.objectContaining({ expMonth, expYear }) }) }),
    ]);
  });

  it('says it is test mode, and who receives the money', () => {
    form();
    expect(screen.getByText('Test mode: no real money moves')).toBeTruthy();
    expect(screen.getByText(/Received by Riverside Food Share, registered charity number 1234567/)).toBeTruthy();
  });

  it('shows the donor’s email and the event, not for changing', () => {
    form();
    expect(textbox('Email')).toMatchObject({ value: 'rita@example.org', readOnly: true });
    expect(textbox('Event title')).toMatchObject({ value: 'Beach clean', readOnly: true });
  });

  it('takes no card and sends nothing while the payment is being prepared', async () => {
    const { user } = form(null);
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    expect(screen.getByText('Preparing the payment…')).toBeTruthy();
    const donate = button('Donate $30');
    expect(donate).toHaveProperty('disabled', true);
    await user.click(donate);
    expect(sent).toEqual([]);
  });

  it('offers to give once or monthly, once at first, in a group named How often before the amount', () => {
    form();
    const often = screen.getByRole('radiogroup', { name: 'How often' });
    expect(screen.getByRole('radio', { name: 'Give once' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Give monthly' })).toHaveProperty('checked', false);
    const amounts = screen.getByRole('radiogroup', { name: 'Amount' });
    expect(often.compareDocumentPosition(amounts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText(/Charged today/)).toBeNull();
  });

  it('says what a monthly gift does, under the choice, and words Pay for it', () => {
    form(testPayment, 'monthly');
    expect(screen.getByRole('radio', { name: 'Give monthly' })).toHaveProperty('checked', true);
    const note = screen.getByText('Charged today, then on the same day each month. Change, pause or cancel any time from My Donation.');
    expect(screen.getByRole('radiogroup', { name: 'How often' }).getAttribute('aria-describedby')).toContain(note.id);
    expect(button('Give $30 monthly')).toHaveProperty('disabled', false);
    expect(screen.queryByRole('button', { name: 'Donate $30' })).toBeNull();
  });
});
