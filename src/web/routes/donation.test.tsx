import { waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentStarted } from '../../shared/donations.ts';
import type { Event } from '../../shared/events.ts';
import type { SubscriptionStarted } from '../../shared/subscriptions.ts';
import { eventQueries } from '../features/events/api.ts';
import { sent } from '../test/dom-setup.ts';
import { ada, knownSite, signedIn } from '../test/fixtures.ts';
import type { User } from '../test/render-form.tsx';
import { button, renderForm, screen, textbox } from '../test/render-form.tsx';
import { DonationPage } from './donation.tsx';

const eventId = '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b';
const event = { _id: eventId, title: 'Beach clean', past: false } as Event;
const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

/** The offline gateway's payment for $30, started by the server: a single one, or a monthly gift's first. */
const single: PaymentStarted = {
  clientSecret: 'pi_test_1_secret_abc',
  paymentId: 'pi_test_1',
  amount: 3000,
  currency: 'usd',
  mode: 'test',
  publishableKey: null,
};
const monthlyFirst: SubscriptionStarted = {
  ...single,
  clientSecret: 'pi_test_2_secret_def',
  paymentId: 'pi_test_2',
  subscriptionId: 'sub-1',
};

type Answer = { status: number; body: unknown };

/**
 * The server as the donation page meets it: each POST answered from `answers` by its path (a start
 * the test leaves out is never answered), the card always accepted, and the donation recorded.
 */
function serverAnswers(answers: Record<string, Answer> = {}) {
  const all: Record<string, Answer> = {
    '/api/test-payments/confirm': { status: 200, body: { status: 'succeeded', paymentId: monthlyFirst.paymentId } },
    '/api/payment': { status: 200, body: { insertedId: 'donation-1' } },
    ...answers,
  };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    sent.push({ method: init?.method ?? 'GET', url: String(input), body });
    const answer = all[String(input)];
    if (!answer) return new Promise<Response>(() => {});
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } }),
    );
  });
}

/** Ada on the donation page of the beach clean, offered $30 and $50. */
const page = () =>
  renderForm(
    <Routes>
      <Route path="/donation/:eventId" element={<DonationPage />} />
    </Routes>,
    {
      path: `/donation/${eventId}`,
      data: [knownSite({ donationAmounts: [3000, 5000], currency: 'usd' }), signedIn(ada), [eventQueries.detail(eventId).queryKey, event]],
    },
  );

async function fillCard(user: User) {
  for (const [name, text] of [
    ['Card number', '4242 4242 4242 4242'],
    ['Expiry (MM / YY)', '12 / 30'],
    ['CVC', '123'],
    ['Postal code', 'SW1A 1AA'],
  ] as const) {
    await user.click(textbox(name));
    await user.paste(text);
  }
}

const posts = (url: string) => sent.filter((request) => request.method === 'POST' && request.url === url);

describe('Giving monthly on the donation page', () => {
  it('starts a monthly gift with POST /api/subscriptions, confirms its first payment and records it as a donation', async () => {
    serverAnswers({
      '/api/create-payment-intent': { status: 200, body: single },
      '/api/subscriptions': { status: 200, body: monthlyFirst },
    });
    const { user } = page();
    await waitFor(() => expect(button('Donate $30')).toHaveProperty('disabled', false));
    expect(posts('/api/subscriptions')).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Give monthly' }));
    expect(screen.getByText(/^Charged today, then on the same day each month/)).toBeTruthy();
    await waitFor(() => expect(button('Give $30 monthly')).toHaveProperty('disabled', false));
    expect(posts('/api/subscriptions')).toEqual([
      { method: 'POST', url: '/api/subscriptions', body: { amount: 3000, eventId, attemptId: uuid } },
    ]);
    // A monthly gift is an attempt of its own, never the single payment's.
    expect(posts('/api/subscriptions')[0]?.body).not.toEqual(posts('/api/create-payment-intent')[0]?.body);

    await fillCard(user);
    await user.click(button('Give $30 monthly'));
    await screen.findByText('Monthly gift started');
    expect(posts('/api/test-payments/confirm')).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ clientSecret: 'pi_test_2_secret_def' }) }),
    ]);
    expect(posts('/api/payment')).toEqual([{ method: 'POST', url: '/api/payment', body: { transaction: 'pi_test_2' } }]);
    expect(screen.getByText(/Your monthly gift of \$30 has started/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage it in My Donation' }).getAttribute('href')).toBe('/dashboard/donation');
    // Paid: the choice can no longer change.
    expect(screen.getByRole('radio', { name: 'Give once' })).toHaveProperty('disabled', true);
  });

  it('starts a single payment, not a monthly gift, when giving once', async () => {
    serverAnswers({ '/api/create-payment-intent': { status: 200, body: single } });
    page();
    expect(screen.getByRole('radio', { name: 'Give once' })).toHaveProperty('checked', true);
    await waitFor(() => expect(button('Donate $30')).toHaveProperty('disabled', false));
    expect(posts('/api/create-payment-intent')).toEqual([
      { method: 'POST', url: '/api/create-payment-intent', body: { amount: 3000, eventId, attemptId: uuid } },
    ]);
    expect(posts('/api/subscriptions')).toEqual([]);
  });

  it('says beside the amount why the server refused it, and offers no card', async () => {
    serverAnswers({
      '/api/subscriptions': {
        status: 400,
        body: {
          error: {
            code: 'invalid_input',
            message: 'Choose an amount from $5 to $500',
            fields: { amount: 'Choose an amount from $5 to $500' },
          },
        },
      },
    });
    const { user } = page();
    await user.click(screen.getByRole('radio', { name: 'Give monthly' }));
    const problem = await screen.findByText('Choose an amount from $5 to $500');
    expect(screen.getByRole('radiogroup', { name: 'Amount' }).getAttribute('aria-describedby')).toContain(problem.id);
    expect(screen.queryByText('The payment could not be started')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    expect(button('Give $30 monthly')).toHaveProperty('disabled', true);
  });
});
