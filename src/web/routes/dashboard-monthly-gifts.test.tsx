import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription, SubscriptionTotals } from '../../shared/subscriptions.ts';
import { NotificationsHost } from '../lib/notifications-host.tsx';
import { ada, knownSite, signedIn } from '../test/fixtures.ts';
import { renderForm, screen, within } from '../test/render-form.tsx';
import { DashboardMonthlyGiftsPage } from './dashboard-monthly-gifts.tsx';

const listUrl = '/api/subscriptions?all=true&limit=25&offset=0';
const totalsUrl = '/api/subscriptions/totals';

const gift = (changes: Partial<Subscription>): Subscription => ({
  _id: 'gift-1',
  amount: 2500,
  currency: 'usd',
  status: 'active',
  nextPaymentAt: '2026-12-05T09:00:00.000Z',
  eventId: null,
  event: null,
  email: 'dana@example.org',
  last4: '4242',
  pausedUntil: null,
  paymentFailing: false,
  payments: 3,
  startedAt: '2026-09-05T09:00:00.000Z',
  endedAt: null,
  ...changes,
});

const dana = gift({});
const ended = gift({
  _id: 'gift-2',
  email: 'eli@example.org',
  amount: 1000,
  status: 'ended',
  nextPaymentAt: null,
  eventId: 'event-1',
  event: 'Food drive',
  endedAt: '2026-11-05T09:00:00.000Z',
});

const totals: SubscriptionTotals = {
  monthly: [
    { currency: 'usd', cents: 12000 },
    { currency: 'eur', cents: 3000 },
  ],
  counts: { active: 4, paused: 1, cancelled: 2, ended: 1 },
};

type Call = { method: string; url: string; body: unknown };
type Answer = { status?: number; body: unknown; headers?: Record<string, string> };

/**
 * The server at the network edge: the list of gifts (`gifts`, all on one page), the totals, and what `answer`
 * says to a PUT. Every call is kept in `calls`.
 */
let calls: Call[] = [];
function serve({ gifts = [dana, ended], answer = (_call: Call): Answer => ({ body: { ...dana, status: 'cancelled' } }) } = {}) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const {
      status = 200,
      body,
      headers = {},
    }: Answer = call.method !== 'GET'
      ? answer(call)
      : call.url === listUrl
        ? { body: gifts, headers: { 'X-Total-Count': String(gifts.length) } }
        : call.url === totalsUrl
          ? { body: totals }
          : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }));
  });
}

beforeEach(() => {
  calls = [];
});

const writes = () => calls.filter((call) => call.method !== 'GET');

const page = () =>
  renderForm(
    <>
      <DashboardMonthlyGiftsPage />
      <NotificationsHost />
    </>,
    { path: '/dashboard/monthly-gifts', data: [knownSite(), signedIn(ada)] },
  );

describe('Monthly gifts', () => {
  it('shows what active gifts bring each month, the counts by status, and the gifts', async () => {
    serve();
    page();
    await screen.findByRole('heading', { level: 1, name: 'Total 2 monthly gifts' });
    await screen.findByText('Active gifts bring in $120.00 and €30.00 a month');
    const counts = screen.getByRole('list', { name: 'Monthly gifts by status' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Active: 4', 'Paused: 1', 'Cancelled: 2', 'Ended: 1']);

    const gifts = screen.getByRole('table', { name: 'Monthly gifts' });
    const [, first, second] = within(gifts).getAllByRole('row');
    if (!first || !second) throw new Error('expected two gifts');
    expect(within(first).getByText('dana@example.org')).toBeTruthy();
    expect(within(first).getByText('$25.00')).toBeTruthy();
    expect(within(first).getByText('The organisation')).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Cancel the monthly gift of dana@example.org' })).toBeTruthy();
    // An ended gift is for its event, takes no next payment and cannot be cancelled.
    expect(within(second).getByText('Food drive')).toBeTruthy();
    expect(within(second).getByText('Ended')).toBeTruthy();
    expect(within(second).getByText('—')).toBeTruthy();
    expect(within(second).queryByRole('button')).toBeNull();

    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/subscriptions/export.csv');
  });

  it('says so when there are no monthly gifts yet', async () => {
    serve({ gifts: [] });
    page();
    await screen.findByText('No monthly gifts yet.');
  });

  it('asks before cancelling, then cancels with PUT, says so and asks for the list and the totals again', async () => {
    serve();
    const { user } = page();
    const cancel = await screen.findByRole('button', { name: 'Cancel the monthly gift of dana@example.org' });
    await user.click(cancel);

    const dialog = await screen.findByRole('dialog', { name: 'Cancel the monthly gift of dana@example.org?' });
    within(dialog).getByText('No more payments will be taken. The donor is told by email.');
    expect(writes()).toEqual([]);
    const listAsked = calls.filter((call) => call.url === listUrl).length;
    const totalsAsked = calls.filter((call) => call.url === totalsUrl).length;

    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await vi.waitFor(() => expect(writes()).toEqual([{ method: 'PUT', url: '/api/subscriptions/gift-1', body: { action: 'cancel' } }]));
    await screen.findByText('The monthly gift of dana@example.org is cancelled');
    await vi.waitFor(() => {
      expect(calls.filter((call) => call.url === listUrl).length).toBeGreaterThan(listAsked);
      expect(calls.filter((call) => call.url === totalsUrl).length).toBeGreaterThan(totalsAsked);
    });
  });

  it('cancels nothing when the admin says no', async () => {
    serve();
    const { user } = page();
    await user.click(await screen.findByRole('button', { name: 'Cancel the monthly gift of dana@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the monthly gift of dana@example.org?' });
    await user.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);
  });
});
