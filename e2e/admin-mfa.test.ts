import { describe, expect, it } from 'vitest';
import { unusedTotpCode } from '../src/server/test/totp.ts';
import { adminSession, password, signedInPage } from './support/accounts.ts';
import { expectAccessible, pageProblems, toast } from './support/browser.ts';
import { adminEmail, configureServer } from './support/server.ts';

// This file's server requires a second factor of admins, as a production server does by default.
configureServer(async () => ({ adminMfa: 'required' }));

describe('admin: two-step sign-in under ADMIN_MFA=required', () => {
  it('sends an admin without it to Security, sets it up by keyboard, then asks for the code at sign-in and opens the admin pages', async () => {
    const page = await signedInPage(await adminSession());

    // An admin page sends the admin to Security, saying why.
    await page.goto('/dashboard/allEvents');
    await page.waitForURL((url) => url.pathname === '/dashboard/security');
    await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();
    await page.getByRole('alert').getByText('Set up two-step sign-in to use admin pages', { exact: false }).waitFor();
    await expectAccessible(page);

    // Password, then the QR code and the key as text, then a code from the app: all from the keyboard.
    await page.getByLabel('Your password').focus();
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: 'QR code to add Helping Hands to your authenticator app' }).waitFor();
    // On one device: the link opens the authenticator app; the key is also there to type, in fours.
    const opens = (await page.getByRole('link', { name: 'Open in authenticator app' }).getAttribute('href')) ?? '';
    expect(opens).toMatch(/^otpauth:\/\/totp\//);
    const secret = new URL(opens).searchParams.get('secret') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await page.getByTestId('totp-secret').textContent()).toBe(secret.match(/.{1,4}/g)?.join(' '));
    await page.getByRole('textbox', { name: 'Code from your authenticator app' }).focus();
    await page.keyboard.type(await unusedTotpCode(secret));
    await page.keyboard.press('Enter');

    // The recovery codes, once, with Copy and Download.
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    expect(await codes.first().textContent()).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    await toast(page, 'Two-step sign-in is on').waitFor();
    await page.getByRole('button', { name: 'Copy codes' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download codes' }).click();
    expect((await download).suggestedFilename()).toBe('helping-hands-recovery-codes.txt');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    // An admin under `required` cannot turn it off, and is told why.
    await page.getByText('cannot be turned off', { exact: false }).waitFor();

    // Signed out, the admin page asks for a sign-in: the password, then the code, then on to the page.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/dashboard/allEvents');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email', { exact: true }).fill(adminEmail);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    const code = page.getByRole('textbox', { name: 'Code from your authenticator app' });
    await code.waitFor();
    // The code step has the focus, so the person types on.
    expect(await code.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectAccessible(page);

    // A wrong code is refused beside the field.
    const right = await unusedTotpCode(secret);
    await page.keyboard.type(String((Number(right) + 1) % 1_000_000).padStart(6, '0'));
    await page.keyboard.press('Enter');
    await page.getByText('That code is not right. Enter the code the app shows now.').first().waitFor();
    await code.fill(right);
    await code.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard/allEvents');
    await page.getByRole('heading', { level: 1, name: /events going on/ }).waitFor();
    expect(await page.title()).toContain('All Events');
    // The one refused call is the wrong code's.
    expect(pageProblems(page)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
});
