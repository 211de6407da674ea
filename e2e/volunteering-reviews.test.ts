import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSession, apiCall, type Session, signedInPage, volunteerSession } from './support/accounts.ts';
import { expectAccessible, pageProblems, toast } from './support/browser.ts';
import { expectFocused, expectNoProblem, expectProblemBeside } from './support/form-fields.ts';

const form = (page: Page) => page.getByRole('form', { name: 'Add Review' });

async function addReview(page: Page, message: string, review: string) {
  await form(page).getByLabel('Message').fill(message);
  await form(page).getByLabel('Review').fill(review);
  await form(page).getByRole('button', { name: 'Add Review' }).click();
  await toast(page, 'Reviewed Successfully').waitFor();
  // The form is empty again for the next one.
  await expect.poll(() => form(page).getByLabel('Message').inputValue()).toBe('');
  expect(await form(page).getByLabel('Review').inputValue()).toBe('');
}

/** An admin approves the author's review with this message, as /dashboard/reviews does. */
async function approve(author: Session, message: string) {
  const mine = (await (await apiCall(author, 'GET', `/review/${author.email}`)).json()) as { _id: string; message: string }[];
  const id = mine.find((r) => r.message === message)?._id;
  if (!id) throw new Error(`no review ‘${message}’ by ${author.email}`);
  const res = await apiCall(await adminSession(), 'PATCH', `/review/${id}`, { status: 'approved' });
  expect(res.status).toBe(200);
}

describe('volunteering: reviews', () => {
  it('checks the required fields, adds a review and shows it in My Review, waiting for approval, and not yet on the home page', async () => {
    const page = await signedInPage(await volunteerSession());
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/review') posts.push(request.url());
    });

    await page.goto('/dashboard/myReview');
    await page.getByRole('heading', { level: 1, name: 'My Review' }).waitFor();
    await page.getByRole('heading', { name: 'You have not written a review yet' }).waitFor();
    expect(await page.title()).toContain('My Review');
    await expectAccessible(page);

    await page.getByRole('main').getByRole('link', { name: 'Write a review' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/addReview');
    await page.getByRole('heading', { level: 1, name: 'Add Review' }).waitFor();
    expect(await page.title()).toContain('Add Review');
    await expectAccessible(page);

    // Both empty: each says so beside itself, at once, and focus goes to the first.
    await form(page).getByRole('button', { name: 'Add Review' }).click();
    await expectProblemBeside(form(page).getByLabel('Message'), 'Message is required');
    await expectProblemBeside(form(page).getByLabel('Review'), 'Review is required');
    await expectFocused(form(page).getByLabel('Message'));
    expect(posts).toHaveLength(0);
    await expectAccessible(page);

    // One filled in: only the other still says so, and gets the focus.
    await form(page).getByLabel('Message').fill('Half a review');
    await form(page).getByRole('button', { name: 'Add Review' }).click();
    await expectProblemBeside(form(page).getByLabel('Review'), 'Review is required');
    await expectNoProblem(form(page).getByLabel('Message'));
    await expectFocused(form(page).getByLabel('Review'));
    expect(posts).toHaveLength(0);

    const message = `Great day ${Date.now()}`;
    const review = 'The team made everyone welcome and the soup was excellent.';
    await addReview(page, message, review);
    expect(posts).toHaveLength(1);

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Review' }).click();
    const mine = page.getByTestId('review-card').filter({ hasText: message });
    await mine.getByText(review).waitFor();
    await mine.getByText('Waiting for approval').waitFor();
    await expectAccessible(page);

    // Reviews reach the home page only once an admin approves them (admin-moderation.test.ts).
    await page.getByRole('link', { name: 'Helping Hands' }).first().click();
    const clientReviews = page.getByRole('region', { name: 'Client Reviews' });
    await clientReviews.getByTestId('review-card').first().waitFor();
    expect(await clientReviews.getByTestId('review-card').filter({ hasText: message }).count()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });

  it('shows a review with markup in it as text, never as HTML', async () => {
    const author = await volunteerSession();
    const page = await signedInPage(author);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const markup = '<b>bold</b><img src=x onerror=alert(1)>';
    const message = `Markup ${Date.now()}`;
    await page.goto('/dashboard/addReview');
    await addReview(page, message, markup);
    await approve(author, message);

    for (const path of ['/dashboard/myReview', '/']) {
      await page.goto(path);
      const card = page.getByTestId('review-card').filter({ hasText: message });
      // The words as typed, visible on the page (the message above them is in its own line).
      await card.getByText(markup).waitFor();
      expect(await card.locator('blockquote').textContent()).toBe(`${message}${markup}`);
      expect(await card.locator('b').count()).toBe(0);
      expect(await card.locator('img[src="x"]').count()).toBe(0);
      expect(await card.locator('img').count()).toBe(1); // the reviewer's picture only
    }
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });
});
