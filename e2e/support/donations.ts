import type { Page, Request } from 'playwright-core';
import { apiCall, type Session } from './accounts.ts';
import { pageProblems } from './browser.ts';

/** Stripe's documented card that always succeeds, as the offline test-mode gateway honours it. */
export const succeedingCard = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: new Date().getFullYear() + 1,
  cvc: '123',
  postalCode: '12345',
};

export interface DonationMade {
  /** The donation's `_id`. */
  insertedId: string;
  /** The gateway's payment id, stored as the donation's transaction. */
  paymentId: string;
  /** In cents, as the server decided it. */
  amount: number;
}

async function call<T>(session: Session, pathname: string, body: unknown): Promise<T> {
  const res = await apiCall(session, 'POST', pathname, body);
  if (res.status !== 200) throw new Error(`POST /api${pathname} for ${session.email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A donation by `session` to an event, made as the donation page makes it, through the offline
 * test-mode gateway: start a payment, confirm it with a succeeding card, record it.
 */
export async function donateThroughApi(session: Session, eventId: string): Promise<DonationMade> {
  const started = await call<{ clientSecret: string; paymentId: string; amount: number }>(session, '/create-payment-intent', {
    eventId,
    attemptId: crypto.randomUUID(),
  });
  const confirmed = await call<{ status: string; error?: { message: string } }>(session, '/test-payments/confirm', {
    clientSecret: started.clientSecret,
    card: succeedingCard,
  });
  if (confirmed.status !== 'succeeded')
    throw new Error(`the test payment did not succeed: ${confirmed.error?.message ?? confirmed.status}`);
  const { insertedId } = await call<{ insertedId: string }>(session, '/payment', { transaction: started.paymentId });
  return { insertedId, paymentId: started.paymentId, amount: started.amount };
}

/** A donation as `GET /api/payment/{email}` lists it. */
export interface ListedDonation {
  _id: string;
  amount: number;
  currency: string;
  last4: string | null;
  event: string;
  eventId: string | null;
  transaction: string;
}

/** The donations `session` has made, as the server lists them to their donor. */
export async function donationsOf(session: Session): Promise<ListedDonation[]> {
  const res = await apiCall(session, 'GET', `/payment/${encodeURIComponent(session.email)}`);
  if (res.status !== 200) throw new Error(`listing the donations of ${session.email} failed: ${res.status}`);
  return (await res.json()) as ListedDonation[];
}

/** The Make Donation form and its Pay button (which reads 'Paying…' while it pays). */
export const donationForm = (page: Page) => page.getByRole('form', { name: 'Make Donation' });
/** The form's button: 'Donate $30' (the amount chosen), 'Paying…' while it pays. */
export const payButton = (page: Page) => donationForm(page).getByRole('button', { name: /^(Donate .+|Paying…)$/ });

/** Requests for Stripe's script or the page's Stripe chunk, from now on. */
export function stripeDownloads(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    const url = request.url();
    if (url.startsWith('https://js.stripe.com/') || /\/assets\/stripe-elements-[^/]*\.js$/.test(url)) urls.push(url);
  });
  return urls;
}

/** Failures a test causes on purpose (a refused call) are logged by the browser; anything else still counts. */
export const unexpectedProblems = (page: Page) => pageProblems(page).filter((problem) => !problem.startsWith('Failed to load resource'));
