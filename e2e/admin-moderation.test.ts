import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSession, apiCall, signedInPage, volunteerSession } from './support/accounts.ts';
import { expectAccessible, pageProblems, toast } from './support/browser.ts';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const statusLinks = (page: Page) => page.getByRole('navigation', { name: 'Reviews by status' });
const reviewsOnHome = (page: Page) => page.getByRole('region', { name: 'Client Reviews' }).getByTestId('review-card');

/** The home page, its Client Reviews loaded. */
async function openHome(page: Page) {
  await page.goto('/');
  await reviewsOnHome(page).first().waitFor();
}

describe('admin: review moderation', () => {
  it('keeps a new review off the home page until an admin approves it at /dashboard/reviews, then hides and deletes it', async () => {
    const admin = await signedInPage(await adminSession());
    // Nothing is hidden yet: the empty state says what the list is for.
    await admin.goto('/dashboard/reviews?status=hidden');
    await admin.getByRole('heading', { level: 1, name: '0 hidden reviews' }).waitFor();
    await admin.getByText('No hidden reviews. A review you hide is kept here, off the home page.').waitFor();
    expect(await statusLinks(admin).getByRole('link', { name: 'Hidden' }).getAttribute('aria-current')).toBe('page');
    await expectAccessible(admin);

    // A volunteer writes a review: it waits for approval, and the home page does not show it.
    const writer = await signedInPage(await volunteerSession());
    const message = `Moderated ${Date.now()}`;
    await writer.goto('/dashboard/addReview');
    const form = writer.getByRole('form', { name: 'Add Review' });
    await form.getByLabel('Message').fill(message);
    await form.getByLabel('Review').fill('Friendly people and a well-run morning.');
    await form.getByRole('button', { name: 'Add Review' }).click();
    await toast(writer, 'Reviewed Successfully').waitFor();
    await menu(writer).getByRole('link', { name: 'My Review' }).click();
    const mine = writer.getByTestId('review-card').filter({ hasText: message });
    await mine.getByText('Waiting for approval').waitFor();
    await expectAccessible(writer);
    await openHome(writer);
    expect(await reviewsOnHome(writer).filter({ hasText: message }).count()).toBe(0);

    // The admin finds it under Pending (the menu's Reviews) and approves it.
    await admin.goto('/dashboard');
    await menu(admin).getByRole('link', { name: 'Reviews' }).click();
    await admin.waitForURL((url) => url.pathname === '/dashboard/reviews');
    await admin.getByRole('heading', { level: 1, name: /waiting for approval$/ }).waitFor();
    expect(await admin.title()).toContain('Reviews');
    const pending = admin.getByRole('table', { name: 'Pending reviews' });
    const row = pending.getByRole('row').filter({ hasText: message });
    await row.getByText('Val Volunteer').waitFor();
    expect(await pending.getByRole('columnheader').allTextContents()).toEqual([
      'Review',
      'Reviewer',
      'Written',
      'Approve',
      'Hide',
      'Delete',
    ]);
    await expectAccessible(admin);
    await row.getByRole('button', { name: `Approve ‘${message}’ by Val Volunteer` }).click();
    await toast(admin, 'Review approved').waitFor();
    await expect.poll(() => pending.getByRole('row').filter({ hasText: message }).count()).toBe(0);

    await statusLinks(admin).getByRole('link', { name: 'Approved' }).click();
    await admin.waitForURL(/status=approved/);
    const approved = admin.getByRole('table', { name: 'Approved reviews' });
    await approved.getByRole('row').filter({ hasText: message }).waitFor();
    expect(await approved.getByRole('columnheader').allTextContents()).toEqual(['Review', 'Reviewer', 'Written', 'Hide', 'Delete']);
    await expectAccessible(admin);

    // Approved: on the home page, and the author is told.
    await openHome(writer);
    await reviewsOnHome(writer).filter({ hasText: message }).waitFor();
    await writer.goto('/dashboard/myReview');
    await writer.getByTestId('review-card').filter({ hasText: message }).getByText('Approved: shown on the home page').waitFor();

    // Hidden: off the home page again, and the author is told that too.
    await approved
      .getByRole('row')
      .filter({ hasText: message })
      .getByRole('button', { name: `Hide ‘${message}’ by Val Volunteer` })
      .click();
    await toast(admin, 'Review hidden').waitFor();
    await openHome(writer);
    expect(await reviewsOnHome(writer).filter({ hasText: message }).count()).toBe(0);
    await writer.goto('/dashboard/myReview');
    await writer
      .getByTestId('review-card')
      .filter({ hasText: message })
      .getByText('Hidden by an admin: not shown on the home page')
      .waitFor();

    // Deleted, after the confirmation: a 'no' keeps it, a 'yes' removes it for good.
    await statusLinks(admin).getByRole('link', { name: 'Hidden' }).click();
    const hidden = admin.getByRole('table', { name: 'Hidden reviews' });
    const hiddenRow = hidden.getByRole('row').filter({ hasText: message });
    await hiddenRow.getByRole('button', { name: `Delete ‘${message}’ by Val Volunteer` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Are you sure you want to delete?' });
    await dialog.getByText(`The review ‘${message}’ by Val Volunteer will be deleted for good.`).waitFor();
    // Asked for less motion (as every journey's page is), the dialog is there at once, not fading in.
    expect(await dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'No, keep it' }).click();
    await toast(admin, 'Review not deleted').waitFor();
    expect(await hiddenRow.count()).toBe(1);
    await hiddenRow.getByRole('button', { name: `Delete ‘${message}’ by Val Volunteer` }).click();
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await toast(admin, 'Review deleted successfully').waitFor();
    await admin.getByText('No hidden reviews. A review you hide is kept here, off the home page.').waitFor();
    await writer.goto('/dashboard/myReview');
    await writer.getByRole('heading', { name: 'You have not written a review yet' }).waitFor();

    expect(pageProblems(admin)).toEqual([]);
    expect(pageProblems(writer)).toEqual([]);
  });

  it('shows a non-admin the not-authorised page at /dashboard/reviews, without the menu item', async () => {
    const page = await signedInPage(await volunteerSession());
    await page.goto('/dashboard/reviews');
    await page.getByRole('heading', { level: 1, name: 'Not authorised' }).waitFor();
    expect(await menu(page).getByRole('link', { name: 'Reviews' }).count()).toBe(0);
  });
});

describe('admin: editing and deleting notices', () => {
  it('lets an admin correct a notice in place and delete one after confirming; volunteers see neither button', async () => {
    const admin = await adminSession();
    const text = `Meet at the north gate ${Date.now()}`;
    const posted = await apiCall(admin, 'POST', '/notices', { notice: text });
    expect(posted.status).toBe(200);

    const page = await signedInPage(admin);
    await page.goto('/dashboard/notices');
    const card = page.getByTestId('notice-card').filter({ hasText: text });
    await card.waitFor();
    await card.getByRole('button', { name: `Edit notice ‘${text}’` }).click();
    // Only one notice is edited at a time; the form is found by its name, not by the text being changed.
    const edit = page.getByRole('form', { name: 'Edit notice' });
    await expect.poll(() => edit.getByLabel('Notice').evaluate((field) => field === document.activeElement)).toBe(true);
    await expectAccessible(page);
    await edit.getByLabel('Notice').fill(' ');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Notice is required').waitFor();
    const corrected = `Meet at the south gate ${Date.now()}`;
    await edit.getByLabel('Notice').fill(corrected);
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Notice updated').waitFor();
    const correctedCard = page.getByTestId('notice-card').filter({ hasText: corrected });
    await correctedCard.getByText('Ada Admin', { exact: true }).waitFor();
    expect(await page.getByTestId('notice-card').filter({ hasText: text }).count()).toBe(0);

    // A volunteer reads the corrected notice, with no Edit or Delete.
    const reader = await signedInPage(await volunteerSession());
    await reader.goto('/dashboard/notices');
    const seen = reader.getByTestId('notice-card').filter({ hasText: corrected });
    await seen.waitFor();
    expect(await seen.getByRole('button').count()).toBe(0);

    await correctedCard.getByRole('button', { name: `Delete notice ‘${corrected}’` }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete?' });
    await dialog.getByText(`The notice ‘${corrected}’ will be deleted for everyone.`).waitFor();
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await toast(page, 'Notice deleted successfully').waitFor();
    await expect.poll(() => page.getByTestId('notice-card').filter({ hasText: corrected }).count()).toBe(0);
    await reader.reload();
    await reader.getByRole('heading', { level: 1, name: /^Total \d+ Notices?$/ }).waitFor();
    expect(await reader.getByTestId('notice-card').filter({ hasText: corrected }).count()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });
});
