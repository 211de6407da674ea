import { describe, expect, it } from 'vitest';
import { adminSession, apiCall, password, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { baseURL, expectAccessible, pageProblems, toast } from './support/browser.ts';

describe('people’s own data on the profile page', () => {
  it('downloads everything held about the account as a JSON file', async () => {
    const who = await signUpThroughApi({ email: uniqueEmail('export'), name: 'Erin Export' });
    const page = await signedInPage(who);
    await page.goto('/dashboard/profile');
    const section = page.getByRole('group', { name: 'Your data' });
    const button = section.getByRole('button', { name: 'Download my data' });
    await button.waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^helping-hands-data-\d{4}-\d{2}-\d{2}\.json$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    expect(data.account).toMatchObject({ email: who.email, name: 'Erin Export', role: 'donator' });
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: 'credential' })]);
    expect(Array.isArray(data.registrations) && Array.isArray(data.donations)).toBe(true);
    await section.getByRole('status').getByText('Your data was downloaded.').waitFor();
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it('deletes the account through the dialog with the keyboard alone, signs out, and the account cannot sign in again', async () => {
    const who = await signUpThroughApi({ email: uniqueEmail('leaving'), name: 'Lee Leaving' });
    const page = await signedInPage(who);
    await page.goto('/dashboard/profile');
    const open = page.getByRole('button', { name: 'Delete my account' });
    await open.waitFor();
    await open.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByText(/Your donations stay as the charity's financial records, without your name or email/).waitFor();
    // The safe answer has focus first.
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await expect.poll(() => cancel.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectAccessible(page);

    // A wrong address is refused beside the field; nothing is deleted.
    const field = dialog.getByRole('textbox', { name: /Type your email/ });
    await field.focus();
    await page.keyboard.type('someone-else@example.org');
    await page.keyboard.press('Enter');
    await dialog.getByText('Type the email of your account to confirm').waitFor();
    expect((await apiCall(who, 'GET', '/users/me/export')).status).toBe(200);

    await field.fill('');
    await page.keyboard.type(who.email);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await toast(page, 'Your account was deleted').waitFor();
    expect((await page.context().cookies()).filter((cookie) => cookie.name.includes('session_token'))).toEqual([]);
    await page.goto('/dashboard/profile');
    await page.waitForURL((url) => url.pathname === '/login');

    const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify({ email: who.email, password }),
    });
    expect(signIn.status).toBe(401);
    expect(pageProblems(page)).toEqual([]);
  });

  it('tells the last admin in the dialog why the account cannot be deleted', async () => {
    const admin = await adminSession();
    const page = await signedInPage(admin);
    await page.goto('/dashboard/profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('textbox', { name: /Type your email/ }).fill(admin.email);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/only admin account/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await apiCall(admin, 'GET', '/users/me/export')).status).toBe(200);
  });
});
