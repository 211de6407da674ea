import { describe, expect, it } from 'vitest';
import { adminSession, apiCall, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible, newPage, toast } from './support/browser.ts';
import { donateThroughApi, donationsOf, donationForm as form, payButton } from './support/donations.ts';
import { upcomingDemoEvents } from './support/events.ts';

/**
 * Fundraising as a donor sees it: the amounts the charity offers on the donation page, another amount
 * within its bounds, and an event's progress towards its goal beside its volunteer places.
 */

async function offer(amounts: Record<string, unknown>) {
  const admin = await adminSession();
  const { socialSignIn: _, ...site } = await (await apiCall(null, 'GET', '/site')).json();
  const res = await apiCall(admin, 'PUT', '/site', { ...site, registrationNumber: '1098765', ...amounts });
  if (res.status !== 200) throw new Error(`saving the settings failed: ${res.status} ${await res.text()}`);
}

async function pay(page: Parameters<typeof form>[0]) {
  const card = form(page).getByRole('group', { name: 'Card details' });
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry (MM / YY)').fill(`12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await card.getByLabel('CVC').fill('123');
  await card.getByLabel('Postal code').fill('SW1A 1AA');
  await payButton(page).click();
  await form(page).getByRole('status').getByText('Donation Completed Successfully', { exact: true }).waitFor();
}

describe('donation amounts', () => {
  it('offers the charity’s amounts with the first chosen, says the amount on the button, and charges the one chosen', async () => {
    await offer({ donationAmounts: [1500, 3000, 10000], customAmount: false });
    // Not the event whose progress the last journey reads.
    const event = (await upcomingDemoEvents(2))[1];
    const who = await signUpThroughApi({ email: uniqueEmail('amounts'), name: 'Priya Presets' });
    const page = await signedInPage(who);
    await page.goto(`/donation/${event!._id}`);
    const amounts = form(page).getByRole('radiogroup', { name: 'Amount' });
    await amounts.getByRole('radio', { name: '$15' }).waitFor();
    expect(await amounts.getByRole('radio').count()).toBe(3);
    expect(await amounts.getByRole('radio', { name: '$15' }).isChecked()).toBe(true);
    expect(await form(page).getByRole('radio', { name: 'Other amount' }).count()).toBe(0);
    await form(page).getByRole('button', { name: 'Donate $15' }).waitFor();
    await form(page).getByText('Received by Helping Hands, registered charity number 1098765.').waitFor();

    // By keyboard: arrows move the choice, as in any radio group.
    await amounts.getByRole('radio', { name: '$15' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await amounts.getByRole('radio', { name: '$100' }).isChecked()).toBe(true);
    await form(page).getByRole('button', { name: 'Donate $100' }).waitFor();
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    await expectAccessible(page);
    await pay(page);
    await toast(page, 'Successfully paid $100').waitFor();
    // Paid: the amount can no longer change.
    expect(await amounts.getByRole('radio', { name: '$15' }).isDisabled()).toBe(true);
    expect((await donationsOf(who)).map((d) => d.amount)).toEqual([10000]);
  });

  it('takes another amount within the bounds when allowed, and says why one outside them cannot be given', async () => {
    await offer({ donationAmounts: [2500], customAmount: true, minAmount: 500, maxAmount: 50_000 });
    // Not the event whose progress the last journey reads.
    const event = (await upcomingDemoEvents(2))[1];
    const who = await signUpThroughApi({ email: uniqueEmail('other-amount'), name: 'Omar Other' });
    const page = await signedInPage(who);
    await page.goto(`/donation/${event!._id}`);
    await form(page).getByRole('radio', { name: 'Other amount' }).check();
    const other = form(page).getByLabel('Other amount (USD)');
    await other.fill('2');
    await form(page).getByText('Choose an amount from $5 to $500').waitFor();
    expect(await payButton(page).isDisabled()).toBe(true);
    await other.fill('12.345');
    await form(page).getByText('Enter an amount such as 25 or 12.50').waitFor();
    await other.fill('12.50');
    await form(page).getByRole('button', { name: 'Donate $12.50' }).waitFor();
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    await expectAccessible(page);
    await pay(page);
    expect((await donationsOf(who)).map((d) => d.amount)).toEqual([1250]);
  });

  it('shows an event’s money raised towards its goal beside its places filled, on its card and its page, refunds left out', async () => {
    const events = (await (await apiCall(null, 'GET', '/events?limit=50')).json()) as { _id: string; title: string; goal: number | null }[];
    const sortathon = events.find((e) => e.title === 'Community Food Bank Sort-a-thon')!;
    expect(sortathon.goal).toBe(250_000);
    const page = await newPage();
    await page.goto(`/eventDetails/${sortathon._id}`);
    const progress = page.getByTestId('event-progress');
    const raisedBefore = ((await (await apiCall(null, 'GET', `/events/${sortathon._id}`)).json()) as { raised: number }).raised;
    expect(raisedBefore).toBe(0);
    await progress.getByText('$0 raised of $2,500 · 0 donors', { exact: true }).waitFor();
    await progress.getByText('0 of 30 volunteer places filled', { exact: true }).waitFor();
    expect(await progress.getByRole('progressbar', { name: '$0 raised of $2,500 · 0 donors' }).getAttribute('aria-valuenow')).toBe('0');
    await expectAccessible(page);

    const donor = await signUpThroughApi({ email: uniqueEmail('progress'), name: 'Gil Giver' });
    const made = await donateThroughApi(donor, sortathon._id);
    await page.reload();
    const given = `$${made.amount / 100}`;
    await progress.getByText(`${given} raised of $2,500 · 1 donor`, { exact: true }).waitFor();
    expect(await progress.getByRole('progressbar').first().getAttribute('aria-valuenow')).toBe('1');

    // On the list, the card says the same.
    await page.goto('/events');
    const card = page.getByTestId('event-card').filter({ hasText: 'Community Food Bank Sort-a-thon' });
    await card.getByText(`${given} raised of $2,500 · 1 donor`, { exact: true }).waitFor();
    await expectAccessible(page);

    // Given back, it no longer counts.
    const admin = await adminSession();
    expect((await apiCall(admin, 'POST', `/payment/${made.insertedId}/refund`, {})).status).toBe(200);
    await page.goto(`/eventDetails/${sortathon._id}`);
    await progress.getByText('$0 raised of $2,500 · 0 donors', { exact: true }).waitFor();
  });

  it('lets an admin set an event’s goal in money on Update Event, and says what is wrong beside it', async () => {
    const events = (await (await apiCall(null, 'GET', '/events?limit=50')).json()) as { _id: string; title: string }[];
    const coats = events.find((e) => e.title === 'Winter Coat Drive')!;
    const page = await signedInPage(await adminSession());
    await page.goto(`/dashboard/eventUpdatePage/${coats._id}`);
    const update = page.getByRole('form', { name: 'Update Event' });
    const goal = update.getByLabel('Fundraising goal (USD, optional)');
    await expect.poll(() => goal.inputValue()).toBe('1500');
    await goal.fill('lots');
    await update.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => goal.getAttribute('aria-invalid')).toBe('true');
    await update.getByText('Goal must be a number').waitFor();
    await expectAccessible(page);
    await goal.fill('1,750.50');
    await update.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Winter Coat Drive Updated Successful').waitFor();
    expect(((await (await apiCall(null, 'GET', `/events/${coats._id}`)).json()) as { goal: number }).goal).toBe(175_050);
    // The saved message is readable too (its title had too little contrast).
    await page.getByRole('region', { name: 'Event updated' }).waitFor();
    await expectAccessible(page);
  });
});
