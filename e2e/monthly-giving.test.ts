import { describe, expect, it } from 'vitest';
import { adminSession, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible, newPage, pageProblems, toast } from './support/browser.ts';
import { donationForm as form } from './support/donations.ts';
import { upcomingDemoEvents } from './support/events.ts';
import { mailbox } from './support/server.ts';

/**
 * Monthly giving (issue 35), through the pages at a phone's width: a donor starts a monthly gift, gets
 * the receipt by email, opens its manage link in a fresh browser (not signed in) and pauses the gift;
 * an admin finds it, paused, among the monthly gifts.
 */
const phone = { width: 390, height: 844 };
const futureExpiry = `12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

describe('monthly giving', () => {
  it('a donor gives monthly on a phone, then pauses the gift from the link in the receipt; an admin sees it paused', async () => {
    const [event] = await upcomingDemoEvents();
    const donor = await signUpThroughApi({ email: uniqueEmail('monthly'), name: 'Mona Monthly' });
    const page = await signedInPage(donor, phone);
    await page.goto(`/donation/${event!._id}`);
    await page.getByRole('heading', { level: 1, name: 'Make Donation' }).waitFor();

    const often = form(page).getByRole('radiogroup', { name: 'How often' });
    expect(await often.getByRole('radio', { name: 'Give once' }).isChecked()).toBe(true);
    await often.getByRole('radio', { name: 'Give monthly' }).check();
    await form(page).getByText('Charged today, then on the same day each month.', { exact: false }).waitFor();
    const give = form(page).getByRole('button', { name: 'Give $30 monthly' });
    await give.waitFor();
    await form(page).getByLabel('Card number').fill('4242 4242 4242 4242');
    await form(page).getByLabel('Expiry (MM / YY)').fill(futureExpiry);
    await form(page).getByLabel('CVC').fill('123');
    await form(page).getByLabel('Postal code').fill('SW1A 1AA');
    await expect.poll(() => give.isEnabled()).toBe(true);
    await give.click();
    await form(page).getByRole('status').getByText('Monthly gift started', { exact: true }).waitFor();
    await expectAccessible(page);

    // The receipt, with the link that manages the gift without signing in.
    const [receipt] = await mailbox.mailTo(donor.email, { subject: /receipt/ });
    expect(receipt?.text).toContain('Manage your monthly gift');
    const link = receipt?.text.match(/https?:\/\/\S+\/monthly-gift\?token=[\w.-]+/)?.[0];
    expect(link).toBeTruthy();

    const fresh = await newPage(phone);
    const url = new URL(link!);
    await fresh.goto(`${url.pathname}${url.search}`);
    await fresh.getByRole('heading', { level: 1, name: 'Your monthly gift' }).waitFor();
    await fresh.getByText('Active', { exact: true }).waitFor();
    await expectAccessible(fresh);
    await fresh.getByRole('button', { name: 'Pause' }).click();
    const dialog = fresh.getByRole('dialog', { name: 'Pause this monthly gift' });
    await dialog.getByRole('radio', { name: '2 months' }).check();
    await dialog.getByText('Payments start again on', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Pause payments' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(fresh, 'We emailed you a confirmation')
      .or(fresh.getByText(/Your monthly gift is paused/))
      .first()
      .waitFor();
    await fresh
      .getByText(/^Paused until /)
      .first()
      .waitFor();
    await fresh.getByRole('button', { name: 'Resume' }).waitFor();
    await expectAccessible(fresh);
    const [confirmation] = await mailbox.mailTo(donor.email, { subject: /has changed/ });
    expect(confirmation?.text).toContain('is paused');

    // The admin's list of monthly gifts: this one, paused.
    const admin = await signedInPage(await adminSession());
    await admin.goto('/dashboard/monthly-gifts');
    await admin.getByRole('heading', { level: 1, name: 'Monthly gifts' }).waitFor();
    await admin
      .getByRole('searchbox', { name: 'Search monthly gifts' })
      .or(admin.getByRole('textbox', { name: 'Search monthly gifts' }))
      .fill(donor.email);
    const row = admin.getByRole('row').filter({ hasText: donor.email });
    await row.getByText('Paused', { exact: true }).waitFor();
    await row.getByText('$30.00', { exact: false }).waitFor();
    await expectAccessible(admin);

    for (const p of [page, fresh, admin]) expect(pageProblems(p)).toEqual([]);
  });
});
