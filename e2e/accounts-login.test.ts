import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { colourOf, countAuthRequests, green, password, red, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { baseURL, expectAccessible, newPage, pageProblems } from './support/browser.ts';
import { expectFocused, expectNoProblem, expectProblemBeside } from './support/form-fields.ts';

/** The Login form, by its name, so its fields are found in it whatever else the page shows. */
const form = (page: Page) => page.getByRole('form', { name: 'Login' });

describe('login', () => {
  it('blocks the request while the form is invalid, with both spec messages at once, each in red beside its field', async () => {
    const page = await newPage();
    const authRequests = countAuthRequests(page);
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(await page.title()).toContain('Login');
    await expectAccessible(page);
    expect(await page.getByRole('link', { name: 'New User? Create a account' }).getAttribute('href')).toBe('/register');

    const email = form(page).getByLabel('Email');
    const passwordField = form(page).getByLabel('Password', { exact: true });
    await email.fill('someone@');
    await passwordField.fill('12345');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expectProblemBeside(email, 'Enter proper email');
    await expectProblemBeside(passwordField, 'Password length must be greater than 5 character');
    await expectFocused(email);
    expect(await colourOf(page, 'Password length must be greater than 5 character')).toBe(red);
    await expectAccessible(page);

    // The password is long enough now; the email is still not one.
    await passwordField.fill(password);
    await expectNoProblem(passwordField);
    // Enter in a field submits, as a keyboard user would.
    await passwordField.press('Enter');
    await expectProblemBeside(email, 'Enter proper email');
    await expectNoProblem(passwordField);
    expect(await form(page).getByText('Password length must be greater than 5 character').count()).toBe(0);
    await expectFocused(email);
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
    // About neither field alone: said once for the form, not beside a field.
    await form(page).getByRole('alert').filter({ hasText: error.message }).waitFor();
    expect(await colourOf(page, error.message)).toBe(red);
    await expectNoProblem(form(page).getByLabel('Email'));
    await expectNoProblem(form(page).getByLabel('Password', { exact: true }));
    expect(await form(page).getByLabel('Email').inputValue()).toBe(account.email);
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
