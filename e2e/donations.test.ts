import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSession, apiCall, colourOf, red, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible, newPage, pageProblems, pressAndSettle, toast } from './support/browser.ts';
import {
  donateThroughApi,
  donationsOf,
  donationForm as form,
  payButton,
  stripeDownloads,
  unexpectedProblems,
} from './support/donations.ts';
import { upcomingDemoEvents } from './support/events.ts';
import { expectFocused, expectNoProblem, expectProblemBeside } from './support/form-fields.ts';

const testModeLabel = 'Test mode: no real money moves';
const declined = 'Your card was declined.';
const futureExpiry = `12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

const cards = (page: Page) => page.getByTestId('donation-card');

async function fillCard(page: Page, number: string) {
  await form(page).getByLabel('Card number').fill(number);
  await form(page).getByLabel('Expiry (MM / YY)').fill(futureExpiry);
  await form(page).getByLabel('CVC').fill('123');
  await form(page).getByLabel('Postal code').fill('SW1A 1AA');
}

/** The calls the page makes to the payment API, to see which payment each one was about. */
function paymentCalls(page: Page) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (['/api/create-payment-intent', '/api/test-payments/confirm', '/api/payment'].includes(path)) {
      calls.push({ path, body: request.postDataJSON() as Record<string, unknown> });
    }
  });
  return (path: string) => calls.filter((call) => call.path === path).map((call) => call.body);
}

describe('donations: the Make Donation page', () => {
  it('takes a donation with the success card, says so, and shows it in My Donation', async () => {
    const [event] = await upcomingDemoEvents();
    const who = await signUpThroughApi({ email: uniqueEmail('donate'), name: 'Dana Donor' });
    const page = await signedInPage(who);
    const stripe = stripeDownloads(page);

    await page.goto(`/eventDetails/${event!._id}`);
    await page.getByRole('link', { name: 'Donate Money' }).click();
    await page.waitForURL(`**/donation/${event!._id}`);
    await page.getByRole('heading', { level: 1, name: 'Make Donation' }).waitFor();
    expect(await page.title()).toContain('Make Donation');

    for (const [label, value] of [
      ['Email', who.email],
      ['Event title', event!.title],
    ] as const) {
      const field = form(page).getByLabel(label, { exact: true });
      await expect.poll(() => field.inputValue()).toBe(value);
      expect(await field.getAttribute('readonly')).not.toBeNull();
    }
    // A fresh install offers DONATION_AMOUNT alone, chosen, and the button says it.
    const amounts = form(page).getByRole('radiogroup', { name: 'Amount' });
    expect(await amounts.getByRole('radio').count()).toBe(1);
    expect(await amounts.getByRole('radio', { name: '$30' }).isChecked()).toBe(true);
    await form(page).getByRole('button', { name: 'Donate $30' }).waitFor();
    await form(page).getByText('Test mode: no real money is taken', { exact: false }).waitFor();
    const cardGroup = form(page).getByRole('group', { name: 'Card details' });
    await cardGroup.getByText(testModeLabel, { exact: true }).waitFor();
    await cardGroup.getByText(/4242 4242 4242 4242/).waitFor();
    // Test mode: a browser must not autofill a saved real card into a gateway that only takes test cards.
    for (const [label, autocomplete] of [
      ['Card number', 'off'],
      ['Expiry (MM / YY)', 'off'],
      ['CVC', 'off'],
      ['Postal code', 'postal-code'],
    ] as const) {
      expect(await cardGroup.getByLabel(label).getAttribute('autocomplete')).toBe(autocomplete);
    }
    expect(await cardGroup.getByLabel('Card number').getAttribute('inputmode')).toBe('numeric');
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    await expectAccessible(page);

    // Hold the confirmation, to see the page while it pays.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/test-payments/confirm', async (route) => {
      await held;
      await route.fallback();
    });
    await fillCard(page, '4242 4242 4242 4242');
    await payButton(page).click();
    await form(page).getByRole('button', { name: 'Paying…' }).waitFor();
    expect(await payButton(page).isDisabled()).toBe(true);
    release();

    const done = form(page).getByRole('status').getByText('Donation Completed Successfully', { exact: true });
    await done.waitFor();
    await toast(page, 'Successfully paid $30').waitFor();
    expect(await payButton(page).isDisabled()).toBe(true);
    // Paid: the page keeps no more of the card than the server does.
    expect(await form(page).getByLabel('Card number').inputValue()).toBe('•••• 4242');
    expect(await form(page).getByLabel('CVC').inputValue()).toBe('');
    // The outcome is said once, by its status region (not also by an alert inside it).
    expect(await form(page).getByRole('status').getByRole('alert').count()).toBe(0);
    await expectAccessible(page);

    const [donation, ...more] = await donationsOf(who);
    // Its reference, and the way to its receipt.
    await form(page).getByText(`Reference number: ${donation!._id}`).waitFor();
    expect(await form(page).getByRole('link', { name: 'View your receipt' }).getAttribute('href')).toBe(
      `/dashboard/donation/${donation!._id}/receipt`,
    );
    expect(more).toEqual([]);
    expect(donation).toMatchObject({ amount: 3000, currency: 'usd', last4: '4242', event: event!.title, eventId: event!._id });
    // Test mode never fetches Stripe's script or the page's Stripe code.
    expect(stripe).toEqual([]);

    // A second donation (to another event, through the API) so the list has an order and a sum.
    const other = (await upcomingDemoEvents(2))[1]!;
    await donateThroughApi(who, other._id);

    await form(page).getByRole('link', { name: 'My Donation' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/donation');
    await page.getByRole('heading', { level: 1, name: 'My Donation' }).waitFor();
    await page.getByText('Total donated: $60.00 in 2 donations', { exact: true }).waitFor();
    await expect.poll(() => cards(page).count()).toBe(2);
    // Newest first: the one made through the API came second.
    await cards(page).nth(0).getByRole('heading', { name: other.title }).waitFor();
    const first = cards(page).nth(1);
    await first.getByRole('heading', { name: event!.title }).waitFor();
    await first.getByText('$30.00', { exact: true }).waitFor();
    await first.getByText('Card ending 4242', { exact: true }).waitFor();
    const paidOn = await first.locator('time').getAttribute('datetime');
    expect(await first.locator('time').textContent()).toMatch(new RegExp(`^\\d{1,2} [A-Z][a-z]+ ${paidOn!.slice(0, 4)}$`));
    await expectAccessible(page);

    // The year's statement: both donations, their references, and what they add up to.
    const statement = page.getByRole('region', { name: `Donation statement for ${paidOn!.slice(0, 4)}` });
    const rows = statement.getByRole('table', { name: `Donations in ${paidOn!.slice(0, 4)}` }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await statement.getByRole('cell', { name: donation!.transaction }).waitFor();
    expect(await statement.getByTestId('statement-total').textContent()).toBe('$60.00');
    await statement.getByRole('button', { name: 'Print statement' }).waitFor();

    // On a phone each donation is a block: the event and the reference get the statement's width, and
    // nothing runs off the screen. The table is still a table, with its column headers, to a reader.
    await page.setViewportSize({ width: 360, height: 740 });
    const widths = await rows.first().evaluate((row) => {
      const cells = [...row.querySelectorAll('td')].map((cell) => cell.getBoundingClientRect().width);
      return { row: row.getBoundingClientRect().width, event: cells[1] ?? 0, reference: cells[2] ?? 0 };
    });
    expect(widths.event).toBeGreaterThan(widths.row * 0.9);
    expect(widths.reference).toBeGreaterThan(widths.row * 0.9);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await statement.getByRole('columnheader', { name: 'Reference' }).count()).toBe(1);
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Refunded, a donation is marked on its card and in the statement, and leaves both totals.
    const admin = await adminSession();
    expect((await apiCall(admin, 'POST', `/payment/${donation!._id}/refund`, {})).status).toBe(200);
    await page.reload();
    await page.getByText('Total donated: $30.00 in 1 donation (1 more refunded)', { exact: true }).waitFor();
    await cards(page)
      .nth(1)
      .getByText(/^Refunded /)
      .waitFor();
    expect(await statement.getByTestId('statement-total').textContent()).toBe('$30.00');
    await expectAccessible(page);

    // Its receipt says so, and downloads as a PDF.
    await cards(page)
      .nth(1)
      .getByRole('link', { name: `Receipt for ${event!.title}` })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Donation receipt' }).waitFor();
    await page
      .getByTestId('receipt-refunded')
      .getByText(/^Refunded on /)
      .waitFor();
    const pdfLink = page.getByRole('link', { name: 'Download PDF' });
    const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
    expect(download.suggestedFilename()).toBe(`receipt-${donation!._id.slice(0, 8)}.pdf`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it('pays once however often Pay is pressed: a double click and Enter while paying send one confirmation and record one donation', async () => {
    const [event] = await upcomingDemoEvents();
    const who = await signUpThroughApi({ email: uniqueEmail('double'), name: 'Dot Double' });
    const page = await signedInPage(who);
    const calls = paymentCalls(page);
    await page.goto(`/donation/${event!._id}`);
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    await fillCard(page, '4242 4242 4242 4242');

    // Hold the confirmation, so every press below lands while the first payment is on its way.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/test-payments/confirm', async (route) => {
      await held;
      await route.continue();
    });
    const confirming = page.waitForRequest('**/api/test-payments/confirm');
    await payButton(page).dblclick();
    await form(page).getByLabel('Postal code').press('Enter');
    await confirming;
    await form(page).getByRole('button', { name: 'Paying…' }).waitFor();
    expect(calls('/api/test-payments/confirm')).toHaveLength(1);
    release();

    await form(page).getByRole('status').getByText('Donation Completed Successfully', { exact: true }).waitFor();
    // Counted as soon as it shows: toasts close after 5 s, which a loaded machine can take to get further.
    await toast(page, 'Successfully paid $30').waitFor();
    expect(await toast(page, 'Successfully paid $30').count()).toBe(1);
    // Once paid, Enter in the form pays nothing more either, nor checks the card kept as its last four digits.
    await pressAndSettle(form(page).getByLabel('Card number'), 'Enter');
    expect(await form(page).getByLabel('Card number').getAttribute('aria-invalid')).toBeNull();
    expect(await form(page).getByText('Your card number is incomplete.').count()).toBe(0);

    const donations = await donationsOf(who);
    expect(donations).toEqual([expect.objectContaining({ amount: 3000, last4: '4242', eventId: event!._id })]);
    expect(calls('/api/create-payment-intent')).toHaveLength(1);
    expect(calls('/api/test-payments/confirm')).toHaveLength(1);
    expect(calls('/api/payment')).toEqual([{ transaction: donations[0]!.transaction }]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('pays once when two submits reach the form in the same moment, before the page can disable Pay', async () => {
    const [event] = await upcomingDemoEvents();
    const who = await signUpThroughApi({ email: uniqueEmail('twice'), name: 'Tam Twice' });
    const page = await signedInPage(who);
    const calls = paymentCalls(page);
    await page.goto(`/donation/${event!._id}`);
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    await fillCard(page, '4242 4242 4242 4242');

    // Two submits in one task, as a fast double press on a slow device could send: the second comes
    // before React has drawn Pay disabled, so only the page's own guard can stop it.
    const submits = await form(page).evaluate((element) => {
      const donationForm = element as HTMLFormElement;
      let count = 0;
      donationForm.addEventListener('submit', () => (count += 1), { capture: true });
      donationForm.requestSubmit();
      donationForm.requestSubmit();
      return count;
    });
    expect(submits).toBe(2);

    await form(page).getByRole('status').getByText('Donation Completed Successfully', { exact: true }).waitFor();
    // Counted as soon as it shows: toasts close after 5 s, which a loaded machine can take to get further.
    await toast(page, 'Successfully paid $30').waitFor();
    expect(await toast(page, 'Successfully paid $30').count()).toBe(1);
    // Both submits came in one task: a second payment would have asked for its confirmation then, before
    // the first could finish, so the requests counted now are all the submits made.
    const donations = await donationsOf(who);
    expect(donations).toEqual([expect.objectContaining({ amount: 3000, last4: '4242', eventId: event!._id })]);
    expect(calls('/api/test-payments/confirm')).toHaveLength(1);
    expect(calls('/api/payment')).toEqual([{ transaction: donations[0]!.transaction }]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('shows a declined card in red, records nothing, and pays the same payment once corrected', async () => {
    const [event] = await upcomingDemoEvents();
    const who = await signUpThroughApi({ email: uniqueEmail('declined') });
    const page = await signedInPage(who);
    const calls = paymentCalls(page);
    await page.goto(`/donation/${event!._id}`);
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);

    await fillCard(page, '4000 0000 0000 0002');
    await payButton(page).click();
    const alert = form(page).getByRole('alert').filter({ hasText: declined });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(declined);
    expect(await colourOf(page, declined)).toBe(red);
    expect(await form(page).getByRole('status').getByText('Donation Completed Successfully').count()).toBe(0);
    expect(await donationsOf(who)).toEqual([]);
    // The form stays filled, so only the card number needs correcting.
    expect(await form(page).getByLabel('Postal code').inputValue()).toBe('SW1A 1AA');
    expect(await form(page).getByLabel('Expiry (MM / YY)').inputValue()).toBe(futureExpiry);
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    await expectAccessible(page);

    await form(page).getByLabel('Card number').fill('4242 4242 4242 4242');
    await payButton(page).click();
    await form(page).getByRole('status').getByText('Donation Completed Successfully', { exact: true }).waitFor();
    await toast(page, 'Successfully paid $30').waitFor();
    expect(await alert.count()).toBe(0);

    const donations = await donationsOf(who);
    expect(donations).toHaveLength(1);
    expect(donations[0]).toMatchObject({ amount: 3000, last4: '4242' });
    // One payment for the visit: the retry confirmed the same one, and that one was recorded.
    const [started, ...restarted] = calls('/api/create-payment-intent');
    expect(restarted).toEqual([]);
    const secrets = calls('/api/test-payments/confirm').map((body) => body.clientSecret);
    expect(secrets).toHaveLength(2);
    expect(new Set(secrets).size).toBe(1);
    expect(calls('/api/payment')).toEqual([{ transaction: donations[0]!.transaction }]);
    expect(started).toMatchObject({ eventId: event!._id });
    expect(pageProblems(page)).toEqual([]);
  });

  it('checks the card form before sending it, and works on a 375 px wide phone', async () => {
    const [event] = await upcomingDemoEvents();
    const who = await signUpThroughApi({ email: uniqueEmail('phone') });
    const page = await signedInPage(who, { width: 375, height: 740 });
    const calls = paymentCalls(page);
    await page.goto(`/donation/${event!._id}`);
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    await expectAccessible(page);

    // An impossible month is said on the expiry field, which then gets the focus.
    const number = form(page).getByLabel('Card number');
    await number.fill('4242424242424242');
    await form(page).getByLabel('Expiry (MM / YY)').fill('13 / 40');
    await form(page).getByLabel('CVC').fill('321');
    await form(page).getByLabel('Postal code').fill('94107');
    await payButton(page).click();
    await expectProblemBeside(form(page).getByLabel('Expiry (MM / YY)'), "Your card's expiration month is invalid.");
    await expectNoProblem(number);
    await expectFocused(form(page).getByLabel('Expiry (MM / YY)'));
    expect(calls('/api/test-payments/confirm')).toEqual([]);
    for (const label of ['Card number', 'Expiry (MM / YY)', 'CVC', 'Postal code']) await form(page).getByLabel(label).fill('');

    // Nothing filled in: each field says what is missing beside itself, at once, and the first one gets the focus.
    await payButton(page).click();
    await expectProblemBeside(number, 'Your card number is incomplete.');
    await expectProblemBeside(form(page).getByLabel('Expiry (MM / YY)'), "Your card's expiration date is incomplete.");
    await expectProblemBeside(form(page).getByLabel('CVC'), "Your card's security code is incomplete.");
    await expectProblemBeside(form(page).getByLabel('Postal code'), 'Your postal code is incomplete.');
    await expectFocused(number);
    expect(calls('/api/test-payments/confirm')).toEqual([]);
    await expectAccessible(page);

    // Typed on the phone's keyboard, paid with Enter.
    await number.pressSequentially('4242424242424242');
    await form(page).getByLabel('Expiry (MM / YY)').pressSequentially(futureExpiry.replace(/\D/g, ''));
    await form(page).getByLabel('CVC').pressSequentially('321');
    await form(page).getByLabel('Postal code').pressSequentially('94107');
    expect(await form(page).getByText('Your card number is incomplete.').count()).toBe(0);
    for (const label of ['Card number', 'Expiry (MM / YY)', 'CVC', 'Postal code', 'Email', 'Amount']) {
      const box = await form(page).getByLabel(label, { exact: true }).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.keyboard.press('Enter');
    const done = form(page).getByRole('status').getByText('Donation Completed Successfully', { exact: true });
    await done.waitFor();
    expect(await done.isVisible()).toBe(true);
    expect(await donationsOf(who)).toHaveLength(1);
    expect(pageProblems(page)).toEqual([]);
  });

  it("puts the server's message about a card field beside that field, and pays once it is corrected", async () => {
    const [event] = await upcomingDemoEvents();
    const who = await signUpThroughApi({ email: uniqueEmail('cvc') });
    const page = await signedInPage(who);
    const calls = paymentCalls(page);
    await page.goto(`/donation/${event!._id}`);
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    await fillCard(page, '4242 4242 4242 4242');
    // The page's check passes; on the way, the security code is spoiled once, so the real server refuses it.
    let spoil = true;
    await page.route('**/api/test-payments/confirm', (route) => {
      if (!spoil) return route.fallback();
      spoil = false;
      const body = route.request().postDataJSON();
      return route.continue({ postData: JSON.stringify({ ...body, card: { ...body.card, cvc: '1' } }) });
    });
    await payButton(page).click();
    const cvc = form(page).getByLabel('CVC');
    await expectProblemBeside(cvc, "Your card's security code is incomplete.");
    await expectFocused(cvc);
    await expectNoProblem(form(page).getByLabel('Card number'));
    // Said beside the field only: no red line for the form, and nothing paid.
    expect(await form(page).getByRole('alert').count()).toBe(0);
    expect(await donationsOf(who)).toEqual([]);
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    await expectAccessible(page);

    await cvc.fill('123');
    await payButton(page).click();
    await form(page).getByRole('status').getByText('Donation Completed Successfully', { exact: true }).waitFor();
    expect(await donationsOf(who)).toHaveLength(1);
    expect(calls('/api/test-payments/confirm')).toHaveLength(2);
    expect(unexpectedProblems(page)).toEqual([]);
  });

  it('offers to try again when the payment cannot be started, with the same payment attempt', async () => {
    const [event] = await upcomingDemoEvents();
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('start') }));
    const calls = paymentCalls(page);
    let refuse = true;
    await page.route('**/api/create-payment-intent', (route) =>
      refuse
        ? route.fulfill({
            status: 429,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment.' } }),
          })
        : route.fallback(),
    );
    await page.goto(`/donation/${event!._id}`);
    const problem = page.getByRole('alert').filter({ hasText: 'The payment could not be started' });
    await problem.getByText('Too many requests. Please wait a moment.').waitFor();
    expect(await payButton(page).isDisabled()).toBe(true);
    await expectAccessible(page);

    refuse = false;
    await problem.getByRole('button', { name: 'Try again' }).click();
    await form(page).getByRole('button', { name: 'Donate $30' }).waitFor();
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    const [first, second] = calls('/api/create-payment-intent');
    expect(second).toEqual(first);
    expect(first).toMatchObject({ amount: 3000 });
    expect(unexpectedProblems(page)).toEqual([]);
  });

  it('says the payment went through when recording it fails, and records it on Try again without paying twice', async () => {
    const [event] = await upcomingDemoEvents();
    const who = await signUpThroughApi({ email: uniqueEmail('record') });
    const page = await signedInPage(who);
    const calls = paymentCalls(page);
    let fail = true;
    await page.route('**/api/payment', (route) =>
      fail
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'unavailable', message: 'The server is busy.' } }),
          })
        : route.fallback(),
    );
    await page.goto(`/donation/${event!._id}`);
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    await fillCard(page, '4242424242424242');
    await payButton(page).click();

    const outcome = form(page).getByRole('status');
    await outcome.getByText('Your payment went through, but your donation is not recorded yet').waitFor();
    await outcome.getByText(/The server is busy\. Please do not pay again/).waitFor();
    expect(await payButton(page).isDisabled()).toBe(true);
    expect(await outcome.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await donationsOf(who)).toEqual([]);
    await expectAccessible(page);

    fail = false;
    await outcome.getByRole('button', { name: 'Try again' }).click();
    await outcome.getByText('Donation Completed Successfully', { exact: true }).waitFor();
    await toast(page, 'Successfully paid $30').waitFor();
    expect(await payButton(page).isDisabled()).toBe(true);
    expect(await donationsOf(who)).toHaveLength(1);
    // The card was charged once; only the recording was asked again.
    expect(calls('/api/test-payments/confirm')).toHaveLength(1);
    expect(calls('/api/payment')).toHaveLength(2);
    expect(unexpectedProblems(page)).toEqual([]);
  });

  it('says an unknown event is not found', async () => {
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('unknown') }));
    await page.goto('/donation/0b6f6a57-1b7e-4a8e-9d53-6f1c2a5b9e10');
    await page.getByRole('heading', { level: 1, name: 'Event not found' }).waitFor();
    expect(await page.getByRole('button', { name: /^Donate / }).count()).toBe(0);
    await expectAccessible(page);
    expect(unexpectedProblems(page)).toEqual([]);
  });

  it('sends a signed-out visitor to /login first', async () => {
    const [event] = await upcomingDemoEvents();
    const page = await newPage();
    await page.goto(`/donation/${event!._id}`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Log In' }).waitFor();
  });
});

describe('donations: My Donation', () => {
  it('tells a new account it has not donated yet and where to start', async () => {
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('none') }));
    await page.goto('/dashboard/donation');
    await page.getByRole('heading', { level: 1, name: 'My Donation' }).waitFor();
    await page.getByRole('heading', { name: 'You have not donated yet' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Browse events' }).getAttribute('href')).toBe('/events');
    expect(await cards(page).count()).toBe(0);
    expect(await page.getByText(/^Total donated/).count()).toBe(0);
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });
});
