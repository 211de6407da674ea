import { describe, expect, it } from 'vitest';
import { newPage, pageProblems } from './support/browser.ts';

describe('Continue With Google (any OpenID Connect provider)', () => {
  it('signs a new person in through the provider and brings them back signed in', async () => {
    const email = `olive-${Date.now()}@example.org`;
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue With Google' }).click();

    // The provider's own pages: any login (the email) and any password, then consent.
    await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
    await page.locator('input[name=login]').fill(email);
    await page.locator('input[name=password]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    // A first sign-in asks the person to share their email and name with the app.
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('button', { name: 'Logout' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/users/me')).json());
    expect(me).toMatchObject({ email, displayName: 'Olive Dune', role: 'donator' });
    expect(pageProblems(page)).toEqual([]);
  });
});
