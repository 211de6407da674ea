import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkFromMail, password, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible, newPage, pageProblems } from './support/browser.ts';
import { expectProblemBeside } from './support/form-fields.ts';
import { adminEmail, configureServer, mailbox } from './support/server.ts';

/** A second ADMIN_EMAILS address, at a provider that has not checked it. */
const unverifiedChief = `unverified-chief-${Date.now()}@example.org`;
configureServer(async () => ({ adminEmails: [adminEmail, unverifiedChief] }));

/** 'Continue With Google' through the provider's own pages, as `login`. */
async function continueWithProvider(page: Page, login: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue With Google' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}

const me = (page: Page) => page.evaluate(async () => (await fetch('/api/users/me')).json());

const banner = (page: Page) => page.getByRole('region', { name: 'Please confirm your email address' });

describe('confirming the email address', () => {
  it('signs up, sees the banner, opens the link from the mail, and the banner is gone', async () => {
    const email = uniqueEmail('confirm');
    const page = await newPage();
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Name').fill('Cora Confirm');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Re-type Password').fill(password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => url.pathname !== '/register');

    // Unconfirmed, the site works; the dashboard asks for the confirmation.
    await page.goto('/dashboard');
    await banner(page).waitFor();
    await banner(page).getByText(`We sent a link to ${email}.`, { exact: false }).waitFor();
    await expectAccessible(page);
    await banner(page).getByRole('button', { name: 'Send the link again' }).click();
    await banner(page)
      .getByRole('status')
      .filter({ hasText: `We have sent a new link to ${email}.` })
      .waitFor();
    const [first] = await mailbox.mailTo(email, { count: 2 });
    expect(first?.subject).toBe('Confirm your email address for Helping Hands');

    await page.goto(await linkFromMail(email, '/verify-email', 2));
    await page.getByRole('heading', { level: 1, name: 'Confirm your email address' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Cora Confirm' }).waitFor();
    expect(await banner(page).count()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });

  it('says clearly when a link is not valid, and offers a new one without telling whether the address has an account', async () => {
    const page = await newPage();
    await page.goto('/verify-email?token=not-a-real-token');
    await page
      .getByRole('alert')
      .filter({ hasText: 'This confirmation link is not valid: it is incomplete, or its account no longer exists. Ask for a new link.' })
      .waitFor();
    const resend = page.getByRole('form', { name: 'Send a new link' });
    await resend.getByLabel('Email').fill(uniqueEmail('nobody'));
    await resend.getByRole('button', { name: 'Send a new link' }).click();
    await resend
      .getByRole('status')
      .filter({ hasText: 'If that address has an account waiting for confirmation, we have sent a new link.' })
      .waitFor();
    await expectAccessible(page);
    // The browser logs the refused call itself; nothing else went wrong.
    expect(pageProblems(page)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
});

describe('forgot password', () => {
  it('mails a link from /login; the link sets a new password, which signs in, and the old one fails', async () => {
    const who = await signUpThroughApi({ email: uniqueEmail('forgot'), name: 'Fern Forgot' });
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot password' }).waitFor();
    const ask = page.getByRole('form', { name: 'Forgot password' });
    await ask.getByLabel('Email').fill(who.email);
    await ask.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account exists for that address, we have sent a link' }).waitFor();
    await expectAccessible(page);

    await page.goto(await linkFromMail(who.email, '/reset-password'));
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    const set = page.getByRole('form', { name: 'Set a new password' });
    const newPassword = 'lantern-meadow-77';
    await set.getByLabel('New password', { exact: true }).fill(newPassword);
    await set.getByLabel('Re-type new password').fill('something-else-12');
    await set.getByRole('button', { name: 'Set password' }).click();
    await expectProblemBeside(set.getByLabel('Re-type new password'), 'Password not matched');
    await set.getByLabel('Re-type new password').fill(newPassword);
    await set.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your new password is set.' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Log In' }).click();

    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(who.email);
    await login.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await login.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await login.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');

    // The link worked once.
    await page.goto(await linkFromMail(who.email, '/reset-password'));
    const again = page.getByRole('form', { name: 'Set a new password' });
    await again.getByLabel('New password', { exact: true }).fill('harbour-kettle-99');
    await again.getByLabel('Re-type new password').fill('harbour-kettle-99');
    await again.getByRole('button', { name: 'Set password' }).click();
    await again.getByRole('alert').filter({ hasText: 'This reset link has expired, was already used, or is not valid.' }).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    // The refused sign-in and the refused second use, logged by the browser itself.
    expect(pageProblems(page)).toEqual([
      'Failed to load resource: the server responded with a status of 401 (Unauthorized)',
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });
});

describe('accounts from the sign-in provider', () => {
  it('count as confirmed when the provider says email_verified, and ADMIN_EMAILS makes such an account admin at once', async () => {
    const page = await newPage();
    await continueWithProvider(page, adminEmail);
    expect(await me(page)).toMatchObject({ email: adminEmail, emailVerified: true, role: 'admin' });
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Olive Dune' }).waitFor();
    expect(await banner(page).count()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });

  it('are unconfirmed when the provider does not say email_verified: a listed address is admin once its owner chooses a password through the mailed link', async () => {
    const page = await newPage();
    await continueWithProvider(page, unverifiedChief);
    expect(await me(page)).toMatchObject({ email: unverifiedChief, emailVerified: false, role: 'donator' });
    await page.goto('/dashboard');
    await banner(page).waitFor();

    // The mail for an admin address asks for a password, not a click: only that proves the mailbox.
    const [mail] = await mailbox.mailTo(unverifiedChief);
    expect(mail?.subject).toBe('Finish setting up your account on Helping Hands');
    await page.goto(await linkFromMail(unverifiedChief, '/reset-password'));
    const set = page.getByRole('form', { name: 'Set a new password' });
    const chosen = 'chief-lantern-meadow-77';
    await set.getByLabel('New password', { exact: true }).fill(chosen);
    await set.getByLabel('Re-type new password').fill(chosen);
    await set.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your new password is set.' }).waitFor();
    // Every session ended with it, the provider's too; the password signs in as an admin.
    expect(await me(page)).toBeNull();
    await page.getByRole('link', { name: 'Log In' }).click();
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(unverifiedChief);
    await login.getByLabel('Password', { exact: true }).fill(chosen);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(await me(page)).toMatchObject({ emailVerified: true, role: 'admin' });
    expect(pageProblems(page)).toEqual([]);
  });
});
