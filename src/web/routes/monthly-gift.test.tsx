import { Notifications, notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '../../shared/subscriptions.ts';
import { subscriptionQueries } from '../features/subscriptions/api.ts';
import { currentAccountQuery } from '../lib/current-account.ts';
import { siteQuery } from '../lib/site.ts';
import { sent } from '../test/dom-setup.ts';
import { knownSite, siteSettings } from '../test/fixtures.ts';
import type { QueryData } from '../test/render-form.tsx';
import { button, expectProblem, expectSent, renderForm, screen, textbox, within } from '../test/render-form.tsx';
import { MonthlyGiftPage } from './monthly-gift.tsx';

const token = 'YjFjMmQzZTQ.1798761600.q1w2e3r4t5y6u7i8o9p0';

/** Rita's £10 a month to the organisation, as the link in her receipt names it. */
const gift: Subscription = {
  _id: 'b1c2d3e4-0000-4000-8000-000000000002',
  amount: 1000,
  currency: 'gbp',
  status: 'active',
  nextPaymentAt: '2027-03-15T12:00:00.000Z',
  eventId: null,
  event: null,
  email: 'rita@example.org',
  last4: '0341',
  pausedUntil: null,
  paymentFailing: false,
  payments: 1,
  startedAt: '2027-02-15T12:00:00.000Z',
  endedAt: null,
};
const linkUrl = `/api/subscriptions/link/${encodeURIComponent(token)}`;

/** The offline test-mode gateway runs: GET /api/site says so. */
const testModeSite: QueryData = [siteQuery.queryKey, { ...siteSettings, payments: 'test' }];

/** The page as the link opens it, signed out, with its toasts; the gift already read (`known`), or asked of the server. */
const page = ({ path = `/monthly-gift?token=${token}`, known = gift as Subscription | null, site = knownSite() } = {}) =>
  renderForm(
    <>
      <Notifications />
      <MonthlyGiftPage />
    </>,
    {
      path,
      data: [site, [currentAccountQuery.queryKey, null], ...(known ? [[subscriptionQueries.link(token).queryKey, known] as const] : [])],
    },
  );

/** A server that answers each request with `answer(method, url)`, keeping what was sent as the default one does. */
function serve(answer: (method: string, url: string) => { status?: number; body: unknown }) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const method = init?.method ?? 'GET';
    sent.push({ method, url: String(input), body });
    const reply = answer(method, String(input));
    return Promise.resolve(
      new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } }),
    );
  });
}

/** Types a test card that saves into the open card dialog and saves it. */
async function saveCard(user: ReturnType<typeof page>['user']) {
  await user.type(await screen.findByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
  await user.type(textbox('Expiry (MM / YY)'), '12/30');
  await user.type(textbox('CVC'), '123');
  await user.type(textbox('Postal code'), '1000');
  await user.click(button('Save card'));
}

/** The server's answer to every request: an error body with this status. */
function refuse(status: number, code: string, message: string) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ method: init?.method ?? 'GET', url: String(input), body: init?.body });
    return Promise.resolve(
      new Response(JSON.stringify({ error: { code, message } }), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  });
}

describe('Your monthly gift, through the link in a receipt', () => {
  afterEach(() => {
    notifications.clean();
  });

  it('shows the gift the link names, with what can be done to it, no sign-in asked', () => {
    page();
    expect(screen.getByRole('heading', { level: 1, name: 'Your monthly gift' })).toBeTruthy();
    const article = screen.getByRole('article', { name: '£10.00 a month to Helping Hands' });
    expect(within(article).getByText('Active')).toBeTruthy();
    expect(article.textContent).toContain('Next payment: 15 March 2027');
    expect(within(article).getByText('Card ending 0341')).toBeTruthy();
    for (const name of ['Change amount', 'Pause', 'Cancel monthly gift'])
      expect(within(article).getByRole('button', { name })).toBeTruthy();
  });

  it('pauses through the link', async () => {
    const { user } = page();
    await user.click(button('Pause'));
    const dialog = await screen.findByRole('dialog', { name: 'Pause this monthly gift' });
    await user.click(within(dialog).getByRole('radio', { name: '2 months' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pause payments' }));
    expectSent('PUT', linkUrl, { action: 'pause', months: 2 });
  });

  it("shows the server's message for an expired link, and the way to My Donation, and nothing else", async () => {
    const expired = 'This link has expired: use the link in a newer receipt, or sign in to manage your monthly gift';
    refuse(403, 'forbidden', expired);
    page({ known: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByText(expired)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to My Donation' }).getAttribute('href')).toBe('/dashboard/donation');
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(sent).toEqual([{ method: 'GET', url: linkUrl, body: undefined }]);
  });

  it('says so while it reads the link, to a screen reader too', () => {
    page({ known: null });
    expect(screen.getByRole('status').textContent).toBe('Reading the link');
  });

  it('offers no Retry for a malformed token (400): it would be refused the same', async () => {
    refuse(400, 'invalid_input', 'This link is not valid: use the newest link in your receipt, or sign in to manage your monthly gift');
    page({ known: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(sent).toEqual([{ method: 'GET', url: linkUrl, body: undefined }]);
  });

  it("shows the server's message for a link that names no gift", async () => {
    const invalid = 'This link is not valid: use the newest link in your receipt, or sign in to manage your monthly gift';
    refuse(404, 'not_found', invalid);
    page({ known: null });
    expect(await screen.findByText(invalid)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
  });

  it('says a link without a token does not work, and asks nothing of the server', () => {
    page({ path: '/monthly-gift', known: null });
    expect(screen.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByText(/^The link has no token/)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('in test mode, warns of a failed payment and takes a new card', async () => {
    const { user } = page({ known: { ...gift, paymentFailing: true }, site: testModeSite });
    expect(screen.getByText('Your last payment did not go through. Update your card and we will try again.')).toBeTruthy();
    await user.click(button('Update card'));
    await screen.findByRole('dialog', { name: 'Update your card' });
    const number = await screen.findByRole('textbox', { name: 'Card number' });
    await user.click(button('Save card'));
    expectProblem(number, 'Your card number is incomplete.');
    expect(sent).toEqual([]);

    await user.paste('4242 4242 4242 4242');
    await user.type(textbox('Expiry (MM / YY)'), '12 / 30');
    await user.type(textbox('CVC'), '123');
    await user.type(textbox('Postal code'), 'SW1A 1AA');
    await user.click(button('Save card'));
    expectSent('POST', `${linkUrl}/card`, {
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', postalCode: 'SW1A 1AA' },
    });
  });

  it('says why a card was refused, in the dialog, as the gateway words it', async () => {
    refuse(402, 'payment_failed', 'Your card was declined.');
    const { user } = page({ site: testModeSite });
    await user.click(button('Update card'));
    await user.type(await screen.findByRole('textbox', { name: 'Card number' }), '4000 0000 0000 0002');
    await user.type(textbox('Expiry (MM / YY)'), '12/30');
    await user.type(textbox('CVC'), '123');
    await user.type(textbox('Postal code'), '1000');
    await user.click(button('Save card'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The card was not saved');
    expect(alert.textContent).toContain('Your card was declined.');
    expect(screen.getByRole('dialog', { name: 'Update your card' })).toBeTruthy();
  });

  it('offers no card form when Stripe takes the payments (its card field is not this page’s)', () => {
    page({ known: { ...gift, paymentFailing: true }, site: knownSite({ payments: 'stripe' }) });
    expect(
      screen.getByText('Your last payment did not go through. Use the link in the email we sent to pay it with another card.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Update your card/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update card' })).toBeNull();
  });

  it('keeps one Update card button, which has the focus back once the new card paid the refused month', async () => {
    const paid = { ...gift, paymentFailing: false, last4: '4242', payments: 2 };
    serve(() => ({ body: paid }));
    const { user } = page({ known: { ...gift, paymentFailing: true } });
    expect(screen.getAllByRole('button', { name: 'Update card' })).toHaveLength(1);
    await user.click(button('Update card'));
    await screen.findByRole('dialog', { name: 'Update your card' });
    await saveCard(user);
    expect(await screen.findByText('Payments are now taken from the card ending 4242')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(/Your last payment did not go through/)).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(button('Update card')));
    expect(sent[0]).toMatchObject({ method: 'POST', url: `${linkUrl}/card` });
  });

  it('says in red when the saved card’s payment was refused again, not that all is well', async () => {
    const refused = { ...gift, paymentFailing: true, last4: '0341' };
    serve(() => ({ body: refused }));
    const { user } = page({ known: { ...gift, paymentFailing: true, last4: '4242' } });
    await user.click(button('Update card'));
    await screen.findByRole('dialog', { name: 'Update your card' });
    await saveCard(user);
    expect(await screen.findByText('Your card was saved, but the payment was refused again. Try another card.')).toBeTruthy();
    expect(screen.queryByText('Payments are now taken from the card ending 0341')).toBeNull();
    expect(screen.queryByText('We emailed you a confirmation.')).toBeNull();
    // The gift as the server answered: still failing, with the card just saved.
    expect(within(screen.getByRole('article')).getByText('Card ending 0341')).toBeTruthy();
  });

  it('says the gift has ended when its last try is refused, and gives the focus to the gift', async () => {
    const ended = { ...gift, status: 'ended' as const, paymentFailing: false, nextPaymentAt: null, endedAt: '2027-03-01T12:00:00.000Z' };
    serve(() => ({ body: ended }));
    const { user } = page({ known: { ...gift, paymentFailing: true } });
    await user.click(button('Update card'));
    await screen.findByRole('dialog', { name: 'Update your card' });
    await saveCard(user);
    expect(await screen.findByText('The payment was refused again and your monthly gift has ended.')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('article')).getByText('Ended')).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 })));
  });
});
