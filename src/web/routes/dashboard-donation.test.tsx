import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '../../shared/subscriptions.ts';
import { donationQueries } from '../features/donations/api.ts';
import { subscriptionQueries } from '../features/subscriptions/api.ts';
import { sent } from '../test/dom-setup.ts';
import { ada, knownSite, signedIn } from '../test/fixtures.ts';
import { button, expectProblem, expectSent, renderForm, screen, textbox, within } from '../test/render-form.tsx';
import { DashboardDonationPage } from './dashboard-donation.tsx';

/** Ada's £15 a month to the food drive: three payments made since December, the next on 1 March. */
const gift: Subscription = {
  _id: 'b1c2d3e4-0000-4000-8000-000000000001',
  amount: 1500,
  currency: 'gbp',
  status: 'active',
  nextPaymentAt: '2027-03-01T12:00:00.000Z',
  eventId: '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b',
  event: 'Food drive',
  email: ada.email,
  last4: '4242',
  pausedUntil: null,
  paymentFailing: false,
  payments: 3,
  startedAt: '2026-12-01T12:00:00.000Z',
  endedAt: null,
};
const giftUrl = `/api/subscriptions/${gift._id}`;

/** My Donation with Ada's monthly gifts already loaded (and no single donations). */
const page = (gifts: Subscription[] = [gift], site = knownSite()) =>
  renderForm(
    <>
      <Notifications />
      <DashboardDonationPage />
    </>,
    {
      path: '/dashboard/donation',
      data: [site, signedIn(ada), [donationQueries.mine(ada.email).queryKey, []], [subscriptionQueries.mine().queryKey, gifts]],
    },
  );
const donationsUrl = `/api/payment/${encodeURIComponent(ada.email)}`;

/** The gift's card in the list, by its heading. */
const card = (name = '£15.00 a month to Food drive') => screen.getByRole('article', { name });

/** A server that answers each request with `answer(method, url, body)`, keeping what was sent as the default one does. */
function serve(answer: (method: string, url: string, body: unknown) => { status?: number; body: unknown }) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const method = init?.method ?? 'GET';
    sent.push({ method, url: String(input), body });
    const reply = answer(method, String(input), body);
    return Promise.resolve(
      new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } }),
    );
  });
}

describe('My Donation: monthly gifts', () => {
  // 20 February 2027: the gift's next payment is its fourth, on 1 March.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-02-20T10:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    notifications.clean();
  });

  it('lists a gift with its amount, what it goes to, its status, the next payment and the card', () => {
    page([gift], knownSite({ payments: 'stripe' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Monthly gifts' })).toBeTruthy();
    const article = card();
    expect(within(article).getByRole('heading', { level: 3, name: '£15.00 a month to Food drive' })).toBeTruthy();
    expect(within(article).getByText('Active')).toBeTruthy();
    expect(article.textContent).toContain('Next payment: 1 March 2027');
    expect(article.querySelector('time')?.getAttribute('dateTime')).toBe(gift.nextPaymentAt);
    expect(within(article).getByText('Card ending 4242')).toBeTruthy();
    expect(within(article).getByText('3 payments made')).toBeTruthy();
    for (const name of ['Change amount', 'Pause', 'Cancel monthly gift']) {
      const control = within(article).getByRole('button', { name });
      expect(document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent).toBe('£15.00 a month to Food drive');
    }
    expect(within(article).queryByRole('button', { name: 'Resume' })).toBeNull();
    // Stripe takes the payments: no card form of the page's own is offered.
    expect(within(article).queryByRole('button', { name: 'Update card' })).toBeNull();
  });

  it('says how long a paused gift is paused, offers Resume instead of Pause, and sends it', async () => {
    const { user } = page([
      { ...gift, status: 'paused', pausedUntil: '2027-05-01T12:00:00.000Z', nextPaymentAt: '2027-05-01T12:00:00.000Z' },
    ]);
    const article = card();
    expect(within(article).getByText('Paused until 1 May 2027')).toBeTruthy();
    expect(within(article).queryByRole('button', { name: 'Pause' })).toBeNull();
    await user.click(within(article).getByRole('button', { name: 'Resume' }));
    expectSent('PUT', giftUrl, { action: 'resume' });
  });

  it('shows a cancelled or ended gift without anything to do', () => {
    page([
      { ...gift, status: 'cancelled', nextPaymentAt: null, endedAt: '2027-01-10T12:00:00.000Z' },
      { ...gift, _id: 'gift-2', event: null, amount: 500, status: 'ended', nextPaymentAt: null, endedAt: '2027-02-10T12:00:00.000Z' },
    ]);
    const cancelled = card();
    expect(within(cancelled).getByText('Cancelled')).toBeTruthy();
    expect(cancelled.textContent).toContain('Cancelled on 10 January 2027');
    expect(within(cancelled).queryAllByRole('button')).toEqual([]);
    // A gift to no event goes to the organisation.
    const ended = card('£5.00 a month to Helping Hands');
    expect(within(ended).getByText('Ended')).toBeTruthy();
    expect(within(ended).queryAllByRole('button')).toEqual([]);
  });

  it('says so in one line when there are no monthly gifts', () => {
    page([]);
    expect(screen.getByText("You have no monthly gifts. Choose Give monthly on an event's donation page.")).toBeTruthy();
  });

  it('pauses for the months chosen, saying first when payments start again (the next ones skipped)', async () => {
    const { user } = page();
    await user.click(button('Pause'));
    const dialog = await screen.findByRole('dialog', { name: 'Pause this monthly gift' });
    expect(dialog.textContent).toContain('Payments start again on 1 April 2027.');
    await user.click(within(dialog).getByRole('radio', { name: '2 months' }));
    expect(dialog.textContent).toContain('Payments start again on 1 May 2027.');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Pause payments' }));
    expectSent('PUT', giftUrl, { action: 'pause', months: 2 });
    expect(within(dialog).getByRole('button', { name: 'Pausing…' })).toHaveProperty('disabled', true);
  });

  it('counts a refused month waiting for its retry as the first one skipped, as the server does', async () => {
    const { user } = page([{ ...gift, paymentFailing: true, nextPaymentAt: '2027-02-22T12:00:00.000Z' }]);
    await user.click(button('Pause'));
    const dialog = await screen.findByRole('dialog', { name: 'Pause this monthly gift' });
    expect(dialog.textContent).toContain('Payments start again on 1 March 2027.');
    await user.click(within(dialog).getByRole('radio', { name: '2 months' }));
    expect(dialog.textContent).toContain('Payments start again on 1 April 2027.');
  });

  it('counts a payment due and not yet taken as the first one skipped', async () => {
    const { user } = page([{ ...gift, nextPaymentAt: '2027-02-01T12:00:00.000Z' }]);
    await user.click(button('Pause'));
    const dialog = await screen.findByRole('dialog', { name: 'Pause this monthly gift' });
    expect(dialog.textContent).toContain('Payments start again on 1 March 2027.');
  });

  it('sends a change once, however quickly its button is pressed twice', async () => {
    const { user } = page();
    await user.click(button('Pause'));
    const dialog = await screen.findByRole('dialog', { name: 'Pause this monthly gift' });
    const confirm = within(dialog).getByRole('button', { name: 'Pause payments' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([{ method: 'PUT', url: giftUrl, body: { action: 'pause', months: 1 } }]);
  });

  it('shows the gift as the server answers once paused, and closes the dialog', async () => {
    const paused = {
      ...gift,
      status: 'paused' as const,
      pausedUntil: '2027-05-01T12:00:00.000Z',
      nextPaymentAt: '2027-05-01T12:00:00.000Z',
    };
    serve((method) => ({ body: method === 'PUT' ? paused : [paused] }));
    const { user } = page();
    await user.click(button('Pause'));
    const dialog = await screen.findByRole('dialog', { name: 'Pause this monthly gift' });
    await user.click(within(dialog).getByRole('radio', { name: '2 months' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pause payments' }));
    expect(await within(card()).findByText('Paused until 1 May 2027')).toBeTruthy();
    expect(within(card()).getByRole('button', { name: 'Resume' })).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Pause is gone with the change: the focus goes to the gift, which now says it is paused.
    await vi.waitFor(() => expect(document.activeElement).toBe(within(card()).getByRole('heading', { level: 3 })));
    expect(sent[0]).toEqual({ method: 'PUT', url: giftUrl, body: { action: 'pause', months: 2 } });
  });

  it('asks before it cancels, and a no sends nothing', async () => {
    const { user } = page();
    await user.click(button('Cancel monthly gift'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this monthly gift?' });
    expect(within(dialog).getByText('No more payments will be taken.')).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Keep my monthly gift'));
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    await user.click(button('Cancel monthly gift'));
    const again = await screen.findByRole('dialog', { name: 'Cancel this monthly gift?' });
    await user.click(within(again).getByRole('button', { name: 'Yes, cancel it' }));
    expectSent('PUT', giftUrl, { action: 'cancel' });
  });

  it('says a gift that had already ended was not cancelled now, and mails nothing', async () => {
    const ended = { ...gift, status: 'ended' as const, nextPaymentAt: null, endedAt: '2027-02-10T12:00:00.000Z' };
    serve((method) => ({ body: method === 'PUT' ? ended : [ended] }));
    const { user } = page();
    await user.click(button('Cancel monthly gift'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this monthly gift?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('This monthly gift had already ended.')).toBeTruthy();
    expect(screen.queryByText('Your monthly gift is cancelled')).toBeNull();
    expect(screen.queryByText('We emailed you a confirmation.')).toBeNull();
  });

  it('says a gift is cancelled, and that it was emailed, when the answer is the cancelled gift', async () => {
    const cancelled = { ...gift, status: 'cancelled' as const, nextPaymentAt: null, endedAt: '2027-02-20T10:00:00.000Z' };
    serve((method) => ({ body: method === 'PUT' ? cancelled : [cancelled] }));
    const { user } = page();
    await user.click(button('Cancel monthly gift'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this monthly gift?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Your monthly gift is cancelled')).toBeTruthy();
    expect(screen.getByText('We emailed you a confirmation.')).toBeTruthy();
  });

  it('warns of a failed payment: here, with a card form of its own (test mode); else, by the email’s link (Stripe)', () => {
    const failing = { ...gift, paymentFailing: true };
    const test = page([failing]);
    expect(within(card()).getByText('Your last payment did not go through. Update your card and we will try again.')).toBeTruthy();
    expect(within(card()).getAllByRole('button', { name: 'Update card' })).toHaveLength(1);
    test.unmount();
    page([failing], knownSite({ payments: 'stripe' }));
    expect(
      within(card()).getByText('Your last payment did not go through. Use the link in the email we sent to pay it with another card.'),
    ).toBeTruthy();
    expect(within(card()).queryByRole('button', { name: 'Update card' })).toBeNull();
  });

  it('reads the donations again after a new card, whose payment of a refused month is one of them', async () => {
    const paid = { ...gift, paymentFailing: false, payments: 4 };
    serve((method, url) => ({ body: method === 'POST' ? paid : url === donationsUrl ? [] : [paid] }));
    const { user } = page([{ ...gift, paymentFailing: true }]);
    await user.click(button('Update card'));
    await user.type(await screen.findByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
    await user.type(textbox('Expiry (MM / YY)'), '12/30');
    await user.type(textbox('CVC'), '123');
    await user.type(textbox('Postal code'), '1000');
    await user.click(button('Save card'));
    expect(await screen.findByText('Payments are now taken from the card ending 4242')).toBeTruthy();
    await vi.waitFor(() => expect(sent.some((each) => each.method === 'GET' && each.url === donationsUrl)).toBe(true));
    expect(sent[0]).toMatchObject({ method: 'POST', url: `${giftUrl}/card` });
  });

  it('checks a new amount against the bounds, then puts the server’s word beside the field', async () => {
    serve(() => ({
      status: 400,
      body: { error: { code: 'invalid_input', message: 'Check the amount', fields: { amount: 'The amount must be at most £500.00' } } },
    }));
    const { user } = page([gift], knownSite({ customAmount: true }));
    await user.click(button('Change amount'));
    await screen.findByRole('dialog', { name: 'Change your monthly amount' });
    const amount = await screen.findByRole('textbox', { name: 'Amount per month (GBP)' });
    expect(amount).toHaveProperty('value', '15');
    await user.clear(amount);
    await user.paste('0.50');
    await user.click(button('Save amount'));
    expectProblem(amount, 'Choose an amount from £1 to £10,000');
    expect(sent).toEqual([]);

    await user.clear(amount);
    await user.paste('900');
    expect(document.activeElement).toBe(amount);
    await user.click(button('Save amount'));
    await vi.waitFor(() => expectProblem(amount, 'The amount must be at most £500.00'));
    expect(sent).toEqual([{ method: 'PUT', url: giftUrl, body: { amount: 90000 } }]);
  });

  it('offers the site’s amounts only, when it takes no other', async () => {
    const { user } = page([gift], knownSite({ donationAmounts: [1000, 2500], customAmount: false }));
    await user.click(button('Change amount'));
    const choice = await screen.findByRole('radio', { name: '£25' });
    await user.click(choice);
    await user.click(button('Save amount'));
    expectSent('PUT', giftUrl, { amount: 2500 });
  });

  it('closes a dialog with Escape and gives the focus back to the button that opened it', async () => {
    const { user } = page();
    await user.click(button('Change amount'));
    await screen.findByRole('dialog', { name: 'Change your monthly amount' });
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: '£10' })));
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(button('Change amount')));
    expect(sent).toEqual([]);
  });
});
