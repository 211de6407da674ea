import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { colourOf, countAuthRequests, green, password, red, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { baseURL, expectAccessible, newPage, pageProblems } from './support/browser.ts';

/** The Login form, so its fields are not confused with the footer's newsletter box. */
const form = (page: Page) => page.getByRole('form', { name: 'Login' });

describe('login', () => {
  it('blocks the request while the form is invalid, with the spec messages', async () => {
    const page = await newPage();
    const authRequests = countAuthRequests(page);
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(await page.title()).toContain('Login');
    await expectAccessible(page);
    expect(await page.getByRole('link', { name: 'New User? Create a account' }).getAttribute('href')).toBe('/register');

    await form(page).getByLabel('Email').fill('someone@example.org');
    await form(page).getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Password length must be greater than 5 character').waitFor();
    expect(await colourOf(page, 'Password length must be greater than 5 character')).toBe(red);

    await form(page).getByLabel('Email').fill('someone@');
    await form(page).getByLabel('Password', { exact: true }).fill(password);
    // Enter in a field submits, as a keyboard user would.
    await form(page).getByLabel('Password', { exact: true }).press('Enter');
    await page.getByText('Enter proper email').waitFor();
    await expectAccessible(page);

    expect(authRequests()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });

  it("shows the server's message in red for a wrong password", async () => {
    const account = await signUpThroughApi({ email: uniqueEmail('wrong') });
    const refused = await fetch(`${baseURL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify({ email: account.email, password: 'not-the-password' }),
    });
    expect(refused.status).toBe(401);
    const { error } = await refused.json();

    const page = await newPage();
    await page.goto('/login');
    await form(page).getByLabel('Email').fill(account.email);
    await form(page).getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText(error.message).waitFor();
    expect(await colourOf(page, error.message)).toBe(red);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('sends a signed-out visitor of /dashboard/profile to /login and back after signing in, then signs out', async () => {
    const account = await signUpThroughApi({ email: uniqueEmail('back'), name: 'Bea Back' });
    const page = await newPage();
    await page.goto('/dashboard/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();

    await form(page).getByLabel('Email').fill(account.email);
    await form(page).getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/profile');
    await page.getByRole('heading', { level: 1, name: 'Edit Profile' }).waitFor();
    await page.getByText('Login Successful').waitFor();
    expect(await page.getByRole('form', { name: 'Edit Profile' }).getByLabel('Email').inputValue()).toBe(account.email);

    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await main.getByRole('link', { name: 'Login' }).waitFor();
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    expect(await (await page.request.get('/api/users/me')).json()).toBeNull();

    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pageProblems(page)).toEqual([]);
  });

  it("shows the identity provider's error code when 'Continue With Google' comes back refused", async () => {
    const page = await newPage();
    await page.goto('/login?error=access_denied');
    await page.getByText('Sign-in with the identity provider did not complete (access_denied). Please try again.').waitFor();
    await page.getByRole('button', { name: 'Continue With Google' }).waitFor();
    await expectAccessible(page);
  });

  it('tells a signed-in person on /login that they are signed in, in green, with a link to the dashboard', async () => {
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('already') }));
    await page.goto('/login');
    await page.getByText('Login Successful').waitFor();
    expect(await colourOf(page, 'Login Successful')).toBe(green);
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });
});
