import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, signedInPage, signUpThroughApi } from './support/accounts.ts';
import { expectAccessible, newPage, pageProblems } from './support/browser.ts';
import { upcomingDemoEvents } from './support/events.ts';

/**
 * English and Bengali from the language menu on every page (DECISIONS 5): a plain link that works
 * before the app has come, a change in place once it has, and a signed-in person's choice that follows
 * them to another device.
 */

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const header = (page: Page) => page.getByRole('banner');

describe('the language menu', () => {
  it('draws the page in Bengali from a plain link before any script, and back to English in place with the app', async () => {
    const page = await newPage();
    // Opened without waiting for the app: the page rests (decision 044), and its links work.
    await page.mainFrame().goto('/events', { waitUntil: 'load' });
    expect(await lang(page)).toBe('en');
    await header(page).getByRole('link', { name: 'বাংলা' }).click();
    await page.waitForURL('**/events');
    await expect.poll(() => lang(page)).toBe('bn');
    await header(page).getByRole('link', { name: 'ইভেন্ট' }).waitFor();
    expect(await header(page).getByRole('navigation', { name: 'ভাষা' }).getByText('বাংলা').getAttribute('aria-current')).toBe('true');
    await expectAccessible(page);

    // With the app, English comes back where the page is, and stays on the next visit.
    await page.reload();
    await header(page).getByRole('link', { name: 'English' }).click();
    await header(page).getByRole('link', { name: 'Events' }).waitFor();
    expect(await lang(page)).toBe('en');
    await page.reload();
    expect(await lang(page)).toBe('en');
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it('keeps a signed-in person’s choice on their account, so a new device opens in it', async () => {
    const session = await signUpThroughApi();
    const phone = await signedInPage(session);
    await phone.goto('/events');
    await header(phone).getByRole('link', { name: 'বাংলা' }).click();
    await header(phone).getByRole('link', { name: 'ড্যাশবোর্ড' }).waitFor();
    expect(await lang(phone)).toBe('bn');

    // Another device, never used for this site: once the account is known, it is in Bengali, and so is the next page it draws.
    const laptop = await signedInPage(session);
    await laptop.goto('/events');
    await expect.poll(() => lang(laptop)).toBe('bn');
    await header(laptop)
      .getByRole('link', { name: 'লগআউট' })
      .or(header(laptop).getByRole('button', { name: 'লগআউট' }))
      .first()
      .waitFor();
    await laptop.reload();
    expect(await lang(laptop)).toBe('bn');
    expect(pageProblems(phone)).toEqual([]);
    expect(pageProblems(laptop)).toEqual([]);
  });

  it('lets a Bengali reader browse events and be told what to fix on sign-up, in Bengali', async () => {
    const page = await newPage();
    // A browser that asks for Bengali is answered in it, from the first page.
    await page.context().setExtraHTTPHeaders({ 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' });
    await page.goto('/events');
    expect(await lang(page)).toBe('bn');
    await page.getByRole('heading', { name: /^মোট [০-৯]+টি ইভেন্ট রয়েছে$/ }).waitFor();
    // Dates in Bengali digits and month names.
    expect(await page.locator('main time').first().textContent()).toMatch(/[০-৯]/);
    await page.getByRole('link', { name: 'ইভেন্ট দেখুন' }).first().click();
    await page
      .getByRole('link', { name: 'ইভেন্টে নিবন্ধন করুন' })
      .or(page.getByRole('button', { name: 'ইভেন্টে নিবন্ধন করুন' }))
      .first()
      .waitFor();
    await expectAccessible(page);

    await page.goto('/register');
    await page.getByRole('heading', { name: 'নিবন্ধন করুন' }).waitFor();
    await page.getByRole('button', { name: 'নিবন্ধন করুন' }).click();
    await page.getByText('আপনার নাম লিখুন').waitFor();
    await page.getByText('সঠিক ইমেল দিন').waitFor();
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it('lets a Bengali reader register for an event and donate, in Bengali', async () => {
    const session = await signUpThroughApi({ name: 'রিনা আক্তার' });
    expect((await apiCall(session, 'PUT', '/users/me/language', { language: 'bn' })).status).toBe(200);
    const [event] = await upcomingDemoEvents(1);
    if (!event) throw new Error('no upcoming demo event');
    const page = await signedInPage(session);
    await page.goto(`/eventDetails/${event._id}`);
    await expect.poll(() => lang(page)).toBe('bn');
    await page.getByRole('link', { name: 'ইভেন্টে নিবন্ধন করুন' }).click();
    const registration = page.getByRole('form', { name: 'ইভেন্টে নিবন্ধন' });
    // The event's date in Bengali digits.
    expect(await registration.getByLabel('তারিখ', { exact: true }).inputValue()).toMatch(/[০-৯]/);
    await registration.getByRole('button', { name: 'নিবন্ধন করুন' }).click();
    await page.getByText('এই ইভেন্টে আপনার নিবন্ধন সম্পন্ন হয়েছে').waitFor();
    await expectAccessible(page);

    await page.goto(`/donation/${event._id}`);
    const donation = page.getByRole('form', { name: 'দান করুন' });
    await donation.getByLabel('কার্ড নম্বর').fill('4242 4242 4242 4242');
    await donation.getByLabel('মেয়াদ (MM / YY)').fill(`12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
    await donation.getByLabel('CVC').fill('123');
    await donation.getByLabel('পোস্টাল কোড').fill('1205');
    await donation.getByRole('button', { name: /দান করুন$/ }).click();
    await page.getByText('রেফারেন্স নম্বর:').waitFor();
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });
});
