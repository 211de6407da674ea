import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSession, signedInPage, signUpThroughApi, uniqueEmail, volunteerSession } from './support/accounts.ts';
import { expectAccessible, pageProblems } from './support/browser.ts';
import { expectFocused, expectNoProblem, expectProblemBeside } from './support/form-fields.ts';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

async function menuLabels(page: Page): Promise<string[]> {
  await menu(page).getByRole('button', { name: 'Log Out' }).waitFor();
  const items = await menu(page).locator('a, button').allTextContents();
  return items.map((text) => text.trim());
}

/** The Edit Profile form, by its name, so its fields are found in it whatever else the page shows. */
const form = (page: Page) => page.getByRole('form', { name: 'Edit Profile' });

describe('dashboard', () => {
  it("gives a donator the donator's menu and welcome page", async () => {
    const donator = await signUpThroughApi({ email: uniqueEmail('donator'), name: 'Dora Donator' });
    const page = await signedInPage(donator);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Dora Donator' }).waitFor();
    expect(await page.title()).toContain('Dashboard');
    expect(await menuLabels(page)).toEqual(['Dashboard', 'My Profile', 'My Impact', 'Security', 'My Events', 'My Donation', 'Log Out']);
    expect(await menu(page).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(await menu(page).getByRole('link', { name: 'My Donation' }).getAttribute('href')).toBe('/dashboard/donation');
    expect(await page.getByRole('main').getByRole('link', { name: 'My registered events' }).getAttribute('href')).toBe(
      '/dashboard/myEvents',
    );

    // The side menu: 200 px wide, with the photo (the default one) and the name on top.
    const side = menu(page).locator('xpath=../..');
    expect((await side.boundingBox())?.width).toBe(200);
    expect(await side.getByTestId('account-photo').getAttribute('src')).toBe('/images/default-avatar.svg');
    await side.getByText('Dora Donator', { exact: true }).waitFor();
    // Someone who came to volunteer is not called a 'Donator'; their passes are under My Events.
    expect(await side.getByText('Donator', { exact: true }).count()).toBe(0);
    expect(await menu(page).getByRole('link', { name: 'My Events' }).getAttribute('href')).toBe('/dashboard/myEvents');
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it("gives a volunteer the volunteer's menu", async () => {
    const page = await signedInPage(await volunteerSession());
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Val Volunteer' }).waitFor();
    expect(await menuLabels(page)).toEqual([
      'Dashboard',
      'My Profile',
      'My Impact',
      'Security',
      'My Events',
      'Add Review',
      'Notices',
      'My Review',
      'Log Out',
    ]);
    expect(await menu(page).getByRole('link', { name: 'My Events' }).getAttribute('href')).toBe('/dashboard/myEvents');
    await expectAccessible(page);
  });

  it("gives an admin the admin's menu and welcome page", async () => {
    const page = await signedInPage(await adminSession());
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ada Admin' }).waitFor();
    expect(await menuLabels(page)).toEqual([
      'Dashboard',
      'My Profile',
      'My Impact',
      'Security',
      'My Events',
      'Add Notice',
      'Add Event',
      'All Events',
      'All Reg.',
      'All Donation',
      'Monthly gifts',
      'All Accounts',
      'Reviews',
      'Outbox',
      'Audit Log',
      'Settings',
      'Log Out',
    ]);
    const hrefs = await menu(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/dashboard',
      '/dashboard/profile',
      '/dashboard/impact',
      '/dashboard/security',
      '/dashboard/myEvents',
      '/dashboard/addNotice',
      '/dashboard/addEvent',
      '/dashboard/allEvents',
      '/dashboard/all-event-registration',
      '/dashboard/all-donation',
      '/dashboard/monthly-gifts',
      '/dashboard/all-accounts',
      '/dashboard/reviews',
      '/dashboard/outbox',
      '/dashboard/audit',
      '/dashboard/settings',
    ]);
    expect(await page.getByRole('main').getByRole('link', { name: 'My registered events' }).getAttribute('href')).toBe(
      '/dashboard/myEvents',
    );
    await expectAccessible(page);
  });

  it('shows a non-admin the not-authorised page on an admin page, with a way back', async () => {
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('curious') }));
    await page.goto('/dashboard/addEvent');
    await page.getByRole('heading', { level: 1, name: 'Not authorised' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('says an unknown dashboard page is not found, inside the dashboard', async () => {
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('lost') }));
    await page.goto('/dashboard/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await menu(page).waitFor();
    await expectAccessible(page);
  });

  it('keeps the menu in a drawer behind the burger on a 375 px screen', async () => {
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('phone'), name: 'Phil Phone' }), {
      width: 375,
      height: 740,
    });
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Phil Phone' }).waitFor();
    expect(await menu(page).isVisible()).toBe(false);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await menu(page).waitFor();
    expect(await menuLabels(page)).toEqual(['Dashboard', 'My Profile', 'My Impact', 'Security', 'My Events', 'My Donation', 'Log Out']);
    await expectAccessible(page);

    await menu(page).getByRole('link', { name: 'My Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/profile');
    await page.getByRole('heading', { level: 1, name: 'Edit Profile' }).waitFor();
    await expect.poll(() => menu(page).isVisible()).toBe(false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('updates the profile, says so in a toast and keeps the values', async () => {
    const who = await signUpThroughApi({ email: uniqueEmail('profile'), name: 'Pru Profile' });
    const page = await signedInPage(who);
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/users') updates.push(request.url());
    });
    await page.goto('/dashboard/profile');
    await page.getByRole('heading', { level: 1, name: 'Edit Profile' }).waitFor();
    expect(await page.title()).toContain('Edit Profile');
    expect(await form(page).getByLabel('Name').inputValue()).toBe('Pru Profile');
    expect(await form(page).getByLabel('Name').getAttribute('readonly')).not.toBeNull();
    expect(await form(page).getByLabel('Email').inputValue()).toBe(who.email);
    expect(await menu(page).getByRole('link', { name: 'My Profile' }).getAttribute('aria-current')).toBe('page');
    await expectAccessible(page);

    // Required fields: nothing is sent while one is empty; each empty one says so beside itself, at once.
    await form(page).getByLabel('Age').fill('34');
    await page.getByRole('button', { name: 'Update' }).click();
    await expectProblemBeside(form(page).getByLabel('Address'), 'Address is required');
    await expectProblemBeside(form(page).getByLabel('Education'), 'Education is required');
    await expectProblemBeside(form(page).getByLabel('Occupation'), 'Occupation is required');
    await expectNoProblem(form(page).getByLabel('Age'));
    await expectFocused(form(page).getByLabel('Address'));
    expect(updates).toHaveLength(0);
    await expectAccessible(page);

    await form(page).getByLabel('Address').fill('12 Example Street, Springfield');
    await form(page).getByLabel('Education').fill('BSc Biology');
    await form(page).getByLabel('Occupation').fill('Gardener');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Profile Updated Successfully').waitFor();
    expect(updates).toHaveLength(1);
    expect(await form(page).getByLabel('Address').inputValue()).toBe('12 Example Street, Springfield');

    const me = await (await page.request.get('/api/users/me')).json();
    expect(me).toMatchObject({ address: '12 Example Street, Springfield', age: '34', education: 'BSc Biology', occupation: 'Gardener' });

    await page.reload();
    await expect.poll(() => form(page).getByLabel('Occupation').inputValue()).toBe('Gardener');
    expect(pageProblems(page)).toEqual([]);
  });

  it('keeps what was typed and shows the reason in an alert when the update cannot reach the server', async () => {
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('offline') }));
    await page.goto('/dashboard/profile');
    await page.route('**/api/users', (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await form(page).getByLabel('Address').fill('1 Lost Lane');
    await form(page).getByLabel('Age').fill('40');
    await form(page).getByLabel('Education').fill('School');
    await form(page).getByLabel('Occupation').fill('Baker');
    await form(page).getByRole('button', { name: 'Update' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Your profile was not saved' });
    await alert.getByText('Could not reach the server. Check your connection and try again.').waitFor();
    expect(await form(page).getByLabel('Address').inputValue()).toBe('1 Lost Lane');
    expect(await form(page).getByLabel('Occupation').inputValue()).toBe('Baker');
    await expectAccessible(page);
  });

  it("shows the server's field messages beside the fields, keeping what was typed, with no alert", async () => {
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('spoilt') }));
    await page.goto('/dashboard/profile');
    // The page's check passes; on the way, the address is emptied, so the real server refuses it.
    await page.route('**/api/users', (route) =>
      route.request().method() === 'PUT'
        ? route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), address: ' ' }) })
        : route.fallback(),
    );
    await form(page).getByLabel('Address').fill('3 Spoilt Street');
    await form(page).getByLabel('Age').fill('51');
    await form(page).getByLabel('Education').fill('College');
    await form(page).getByLabel('Occupation').fill('Carpenter');
    await form(page).getByRole('button', { name: 'Update' }).click();
    const address = form(page).getByLabel('Address');
    await expectProblemBeside(address, 'Address is required');
    await expectFocused(address);
    await expectNoProblem(form(page).getByLabel('Age'));
    expect(await address.inputValue()).toBe('3 Spoilt Street');
    expect(await page.getByRole('alert').filter({ hasText: 'Your profile was not saved' }).count()).toBe(0);
    expect((await (await page.request.get('/api/users/me')).json()).address).toBeNull();
    await expectAccessible(page);
  });

  it("logs out from the dashboard's menu", async () => {
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('leaver') }));
    await page.goto('/dashboard');
    await menu(page).getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    expect(await (await page.request.get('/api/users/me')).json()).toBeNull();
  });
});
