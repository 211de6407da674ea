import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSession, apiCall, signedInPage, tinyPngFile, volunteerSession } from './support/accounts.ts';
import { expectAccessible, newPage, pageProblems, toast } from './support/browser.ts';
import { expectFocused, expectProblemBeside } from './support/form-fields.ts';

/** Settings saved straight through the API, over `changes`: what the journeys start from. */
async function saveSettings(changes: Record<string, unknown>) {
  const admin = await adminSession();
  const current = await (await apiCall(null, 'GET', '/site')).json();
  const { socialSignIn: _, ...settings } = current;
  const res = await apiCall(admin, 'PUT', '/site', { ...settings, ...changes });
  expect(res.status).toBe(200);
}

const form = (page: Page) => page.getByRole('form', { name: 'Settings' });
const footer = (page: Page) => page.getByRole('contentinfo');

/** Selects what a text field holds and types over it, as a person at the keyboard would. */
async function typeOver(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

describe('the settings page', () => {
  it('lets an admin rename the charity and set its contact details and privacy policy with the keyboard; header, footer and titles follow', async () => {
    await saveSettings({ privacy: '' });
    const page = await signedInPage(await adminSession());
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => page.url()).toMatch(/\/dashboard\/settings$/);
    const name = form(page).getByLabel('Organisation name');
    await expect.poll(() => name.inputValue()).toBe('Helping Hands');
    await expect.poll(() => page.title()).toBe('Settings · Helping Hands');
    await expectAccessible(page);

    await name.focus();
    await typeOver(page, 'Riverside Food Share');
    await page.keyboard.press('Tab');
    await expectFocused(form(page).getByLabel('Tagline'));
    await typeOver(page, 'Good food for every neighbour');

    await form(page).getByLabel('Contact address').focus();
    await typeOver(page, '4 Mill Lane\nRiverside RS1 2AB');
    await page.keyboard.press('Tab');
    await expectFocused(form(page).getByLabel('Phone'));
    await typeOver(page, '+44 20 7946 0018');
    await page.keyboard.press('Tab');
    await expectFocused(form(page).getByLabel('Contact email'));
    await typeOver(page, 'hello@riverside.example.org');
    await page.keyboard.press('Tab');
    await typeOver(page, 'CH-1234567');

    // The demo's one social link goes; a new one comes, its address first typed wrong.
    await form(page).getByRole('button', { name: 'Remove link 1' }).focus();
    await page.keyboard.press('Enter');
    await expectFocused(form(page).getByRole('button', { name: 'Add a link' }));
    await page.keyboard.press('Enter');
    const linkName = form(page).getByLabel('Link 1 name');
    await expectFocused(linkName);
    await page.keyboard.type('Instagram');
    await page.keyboard.press('Tab');
    await typeOver(page, 'http://instagram.com/riverside');

    // A logo from the admin's computer, and the time zone found by typing part of its name.
    await form(page).getByLabel('Upload a logo').setInputFiles(tinyPngFile());
    await form(page).getByText('Picture uploaded.').waitFor();
    const logo = await form(page).getByLabel('Logo', { exact: true }).inputValue();
    expect(logo).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    await form(page).getByLabel('Time zone').focus();
    await typeOver(page, 'Auckland');
    // The list filters as it is typed into: on a loaded machine the keys below can come before it has.
    await page.getByRole('option', { name: /^Pacific\/Auckland/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => form(page).getByLabel('Time zone').inputValue()).toMatch(/^Pacific\/Auckland \(GMT\+1[23]\)$/);

    await form(page).getByRole('textbox', { name: 'Privacy policy' }).focus();
    await page.keyboard.type('# Our promise\n\nWe keep:\n\n- your name\n- your email\n');

    await form(page).getByRole('button', { name: 'Save settings' }).focus();
    await page.keyboard.press('Enter');
    const linkAddress = form(page).getByLabel('Link 1 address');
    await expectProblemBeside(linkAddress, 'Link address must start with https://');
    await expectFocused(linkAddress);
    await typeOver(page, 'https://instagram.com/riverside');

    // The preview shows the page the Markdown makes.
    await form(page).getByRole('tab', { name: 'Write privacy policy' }).focus();
    await page.keyboard.press('ArrowRight');
    const preview = form(page).getByRole('tabpanel', { name: 'Preview privacy policy' });
    await preview.getByRole('heading', { name: 'Our promise' }).waitFor();
    expect(await preview.getByRole('listitem').allInnerTexts()).toEqual(['your name', 'your email']);
    // With an added row and the preview open, the form is still accessible.
    await expectAccessible(page);

    await form(page).getByRole('button', { name: 'Save settings' }).focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Settings saved').waitFor();

    // This tab shows the new name at once: header, title, footer.
    const brand = page.getByRole('banner').getByRole('link', { name: 'Riverside Food Share' });
    await brand.waitFor();
    expect(await brand.locator('img').getAttribute('src')).toBe(logo);
    expect(await (await apiCall(null, 'GET', '/site')).json()).toMatchObject({
      logo,
      timeZone: 'Pacific/Auckland',
      registrationNumber: 'CH-1234567',
    });
    expect(await page.title()).toBe('Settings · Riverside Food Share');
    const details = await footer(page).innerText();
    for (const text of [
      'Riverside Food Share',
      'Good food for every neighbour',
      '4 Mill Lane',
      'Riverside RS1 2AB',
      '+44 20 7946 0018',
      'CH-1234567',
    ]) {
      expect(details).toContain(text);
    }
    expect(await footer(page).getByRole('link', { name: 'hello@riverside.example.org' }).getAttribute('href')).toBe(
      'mailto:hello@riverside.example.org',
    );
    expect(await footer(page).getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe('https://instagram.com/riverside');
    expect(details).not.toContain('Example Street');

    // A visitor's fresh page too, and the privacy page through the footer.
    const visitor = await newPage();
    await visitor.goto('/events');
    await visitor.getByRole('banner').getByRole('link', { name: 'Riverside Food Share' }).waitFor();
    await expect.poll(() => visitor.title()).toBe('Events · Riverside Food Share');
    await footer(visitor).getByRole('link', { name: 'Privacy policy' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
    await visitor.getByRole('heading', { level: 2, name: 'Our promise' }).waitFor();
    await expect.poll(() => visitor.title()).toBe('Privacy policy · Riverside Food Share');
    await visitor.goto('/');
    await expect.poll(() => visitor.title()).toBe('Riverside Food Share · Good food for every neighbour');
    expect(pageProblems(page)).toEqual([]);
    expect(pageProblems(visitor)).toEqual([]);
  });

  it('sets the donation amounts in money, says what is wrong beside the field, and the server keeps them in cents', async () => {
    const page = await signedInPage(await adminSession());
    await page.goto('/dashboard/settings');
    const amounts = form(page).getByLabel('Amounts offered (USD)');
    await expect.poll(() => amounts.inputValue()).toBe('30');
    await amounts.fill('15, 30, abc');
    await form(page).getByRole('button', { name: 'Save settings' }).click();
    await expectProblemBeside(amounts, 'Each amount must be an amount such as 25 or 12.50');
    await expectFocused(amounts);
    await amounts.fill('15, 30, 100.50');
    await form(page).getByRole('checkbox', { name: 'Let donors give another amount' }).check();
    await form(page).getByLabel('Smallest other amount (USD)').fill('500');
    await form(page).getByLabel('Largest other amount (USD)').fill('50');
    await form(page).getByRole('button', { name: 'Save settings' }).click();
    await expectProblemBeside(
      form(page).getByLabel('Largest other amount (USD)'),
      'The largest other amount must be at least the smallest',
    );
    await form(page).getByLabel('Smallest other amount (USD)').fill('5');
    await form(page).getByLabel('Largest other amount (USD)').fill('500');
    await expectAccessible(page);
    await form(page).getByRole('button', { name: 'Save settings' }).click();
    await toast(page, 'Settings saved').waitFor();
    expect(await (await apiCall(null, 'GET', '/site')).json()).toMatchObject({
      donationAmounts: [1500, 3000, 10050],
      customAmount: true,
      minAmount: 500,
      maxAmount: 50_000,
    });
    // Opened again, the page shows them as they were typed.
    await page.reload();
    await expect.poll(() => form(page).getByLabel('Amounts offered (USD)').inputValue()).toBe('15, 30, 100.50');
    expect(await form(page).getByRole('checkbox', { name: 'Let donors give another amount' }).isChecked()).toBe(true);
    expect(pageProblems(page)).toEqual([]);
    await saveSettings({ donationAmounts: [3000], customAmount: false, minAmount: 100, maxAmount: 1_000_000 });
  });

  it('keeps a signed-in non-admin out, and sends a signed-out visitor to sign in', async () => {
    const page = await signedInPage(await volunteerSession());
    await page.goto('/dashboard/settings');
    await page.getByRole('heading', { level: 1, name: 'Not authorised' }).waitFor();
    expect(await form(page).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).count()).toBe(0);

    const visitor = await newPage();
    await visitor.goto('/dashboard/settings');
    await visitor.waitForURL((url) => url.pathname === '/login');
  });
});

describe('the privacy policy and terms', () => {
  it('render the Markdown, with HTML and script links written into it left inert', async () => {
    await saveSettings({
      name: 'Riverside Food Share',
      privacy: [
        '# What we keep',
        '',
        '- your **name**',
        '- your email',
        '',
        '<script>window.injected = "script"</script>',
        '<img src="/nowhere.png" onerror="window.injected = \'img\'">',
        '<p onclick="window.injected = \'p\'">Raw paragraph</p>',
        '',
        '[Click me](javascript:window.injected=%22link%22)',
        '',
        '[Contact us](mailto:hello@riverside.example.org)',
      ].join('\n'),
      terms: '',
    });
    const page = await newPage();
    await page.goto('/privacy');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2, name: 'What we keep' }).waitFor();
    expect(await main.getByRole('listitem').allInnerTexts()).toEqual(['your name', 'your email']);
    expect(await main.locator('strong').innerText()).toBe('name');
    await expect.poll(() => page.title()).toBe('Privacy policy · Riverside Food Share');

    // No element came from the HTML, and the javascript: link lost its address.
    expect(await main.locator('script, img, p[onclick]').count()).toBe(0);
    expect(await main.innerText()).not.toContain('Raw paragraph');
    expect(await main.getByRole('link', { name: 'Click me' }).count()).toBe(0);
    await main.getByText('Click me').click();
    expect(await main.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('mailto:hello@riverside.example.org');
    expect(await page.evaluate(() => (window as { injected?: string }).injected)).toBeUndefined();
    await expectAccessible(page);

    // Terms not written yet: the page says so.
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms' }).waitFor();
    await main.getByText('Not written yet').waitFor();
    expect(await main.innerText()).toContain('Riverside Food Share has not published its terms yet.');
    await expect.poll(() => page.title()).toBe('Terms · Riverside Food Share');
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('the footer', () => {
  it('shows only the contact details that are set, and never a placeholder or a Subscribe box', async () => {
    await saveSettings({
      name: 'Riverside Food Share',
      tagline: '',
      address: '',
      phone: '',
      email: '',
      registrationNumber: '',
      socialLinks: [],
    });
    const page = await newPage();
    await page.goto('/');
    await footer(page).getByRole('heading', { name: 'Riverside Food Share' }).waitFor();
    const text = await footer(page).innerText();
    for (const absent of ['Contact us', 'Phone', 'Email', 'Registered charity', 'Stay in touch', 'Example Street', '555']) {
      expect(text).not.toContain(absent);
    }
    expect(await footer(page).getByRole('textbox').count()).toBe(0);
    expect(await footer(page).getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
    expect(await footer(page).getByRole('list', { name: 'Social links' }).count()).toBe(0);
    for (const [link, path] of [
      ['Privacy policy', '/privacy'],
      ['Terms', '/terms'],
    ]) {
      expect(await footer(page).getByRole('link', { name: link }).getAttribute('href')).toBe(path);
    }

    await saveSettings({ phone: '+1 555 0199' });
    await page.reload();
    await footer(page).getByRole('heading', { name: 'Contact us' }).waitFor();
    expect(await footer(page).getByRole('link', { name: '+1 555 0199' }).getAttribute('href')).toBe('tel:+15550199');
    expect(await footer(page).innerText()).not.toContain('Email');
    expect(pageProblems(page)).toEqual([]);
  });
});
