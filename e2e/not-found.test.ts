import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage } from './support/browser.ts';

describe('404 page', () => {
  it('answers an unknown path with the 404 page and its Home Page button', async () => {
    const page = await newPage();
    await page.goto('/no/such/page');
    const home = page.getByRole('link', { name: 'Home Page' });
    await home.waitFor();
    await expectAccessible(page);
    await home.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Ongoing Events' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
