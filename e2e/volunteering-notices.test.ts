import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSession, apiCall, signedInPage, signUpThroughApi, uniqueEmail, volunteerSession } from './support/accounts.ts';
import { baseURL, expectAccessible, pageProblems, toast } from './support/browser.ts';
import { expectFocused, expectNoProblem, expectProblemBeside } from './support/form-fields.ts';

const form = (page: Page) => page.getByRole('form', { name: 'Add Notice' });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

describe('volunteering: notices', () => {
  it('lets an admin publish a notice that a volunteer then reads, with the total count', async () => {
    const admin = await signedInPage(await adminSession());
    const posts: string[] = [];
    admin.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/notices') posts.push(request.url());
    });
    await admin.goto('/dashboard');
    await menu(admin).getByRole('link', { name: 'Add Notice' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Add Notice' }).waitFor();
    expect(await admin.title()).toContain('Add Notice');
    await expectAccessible(admin);

    await form(admin).getByRole('button', { name: 'Publish Notice' }).click();
    await expectProblemBeside(form(admin).getByLabel('Notice'), 'Notice is required');
    await expectFocused(form(admin).getByLabel('Notice'));
    expect(posts).toHaveLength(0);
    await expectAccessible(admin);

    const text = `Bring gloves on Saturday ${Date.now()}.\nThe van leaves at 8:30.`;
    await form(admin).getByLabel('Notice').fill(text);
    await form(admin).getByRole('button', { name: 'Publish Notice' }).click();
    await toast(admin, 'Notice published Successfully').waitFor();
    await expect.poll(() => form(admin).getByLabel('Notice').inputValue()).toBe('');
    await expectNoProblem(form(admin).getByLabel('Notice'));
    expect(posts).toHaveLength(1);
    expect(pageProblems(admin)).toEqual([]);

    const volunteer = await volunteerSession();
    const res = await apiCall(volunteer, 'GET', '/notices?limit=1');
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(0);

    const page = await signedInPage(volunteer);
    await page.goto('/dashboard');
    await menu(page).getByRole('link', { name: 'Notices' }).click();
    await page.getByRole('heading', { level: 1, name: total === 1 ? 'Total 1 Notice' : `Total ${total} Notices` }).waitFor();
    expect(await page.title()).toContain('Notices');
    const first = page.getByTestId('notice-card').first();
    // Newest first: the one just published leads, with its author and time.
    expect(await first.textContent()).toContain(text.split('\n')[0]);
    await first.getByText('Ada Admin', { exact: true }).waitFor();
    expect(await first.locator('time').textContent()).toMatch(/^\d{1,2}:\d{2} [ap]m, /);
    // The author has no picture: the notice carries the default picture's URL, under the app's address.
    expect(await first.locator('img').getAttribute('src')).toBe(`${baseURL}/images/default-avatar.svg`);
    await expect.poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it('keeps notices from a donator: not in the menu, and not authorised at the address', async () => {
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('donator') }));
    await page.goto('/dashboard');
    await menu(page).getByRole('button', { name: 'Log Out' }).waitFor();
    expect(await menu(page).getByRole('link', { name: 'Notices' }).count()).toBe(0);

    await page.goto('/dashboard/notices');
    await page.getByRole('heading', { level: 1, name: 'Not authorised' }).waitFor();
    expect(await page.getByTestId('notice-card').count()).toBe(0);
    await expectAccessible(page);

    await page.goto('/dashboard/addNotice');
    await page.getByRole('heading', { level: 1, name: 'Not authorised' }).waitFor();
  });
});
