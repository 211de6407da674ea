import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible, newPage, pageProblems } from './support/browser.ts';
import { upcomingDemoEvents } from './support/events.ts';

/**
 * Where the focus lands, with the keyboard alone: after the app moves to another page it is on the new
 * page's heading (a screen reader says where the person is, and Tab goes on from the top), and after a
 * form whose answer takes its place it is on the answer. A search on the same page leaves it where the
 * person is typing.
 */

/** What has the focus: its tag, and its text (or its label, for a field). */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      text: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim(),
    };
  });
}

/** Presses Tab until `target` has the focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

const ready = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.ready === 'true');

describe('focus after moving and after forms, by keyboard', () => {
  it('puts the focus on each new page’s heading, and back again on Back; a search leaves it in the search box', async () => {
    const event = (await upcomingDemoEvents(1))[0]!;
    const page = await newPage({ width: 360, height: 740 });
    await page.goto('/events');
    await ready(page);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // A search changes the address's query, not the page: the person goes on typing.
    const search = page.getByRole('searchbox').first();
    await tabTo(page, search);
    await page.keyboard.type(event.title.slice(0, 6));
    await page.waitForURL((url) => url.searchParams.has('q'));
    await page.waitForTimeout(300);
    expect((await focused(page)).tag).toBe('input');
    const eventsHeading = page.getByRole('heading', { level: 1, name: /match/ });
    await eventsHeading.waitFor();
    const headingText = (await eventsHeading.textContent())?.trim() ?? '';

    const link = page.locator('article').filter({ hasText: event.title }).getByRole('link', { name: 'View Event' }).first();
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/eventDetails/${event._id}`);
    await expect.poll(() => focused(page)).toEqual({ tag: 'h1', text: event.title });
    // Tab goes on from the heading: the next stop is on the event's page, not the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
    await expectAccessible(page);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/events');
    await expect.poll(() => focused(page)).toEqual({ tag: 'h1', text: headingText });
    expect(pageProblems(page)).toEqual([]);
  });

  it('puts the focus on the answer when registering for an event, and on the result of Forgot password', async () => {
    const event = (await upcomingDemoEvents(4))[3]!;
    const who = await signUpThroughApi({ email: uniqueEmail('focus'), name: 'Kim Keys' });
    const page = await signedInPage(who, { width: 360, height: 740 });
    await page.goto(`/eventDetails/${event._id}`);
    await ready(page);
    await tabTo(page, page.getByRole('link', { name: 'Event Register' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/events/register/${event._id}`);
    await expect.poll(() => focused(page)).toEqual({ tag: 'h1', text: `Register for ${event.title}` });

    const register = page.getByRole('button', { name: 'Register' });
    await expect.poll(() => register.isEnabled()).toBe(true);
    await tabTo(page, register);
    await page.keyboard.press('Enter');
    // The button is gone with the answer: the focus is on the answer, which a screen reader reads.
    await expect.poll(async () => (await focused(page)).text).toContain('You are registered for this event');
    expect((await focused(page)).tag).toBe('div');
    await expectAccessible(page);

    const visitor = await newPage({ width: 360, height: 740 });
    await visitor.goto('/forgot-password');
    await ready(visitor);
    await tabTo(visitor, visitor.getByRole('textbox', { name: 'Email' }));
    await visitor.keyboard.type(uniqueEmail('nobody'));
    await visitor.keyboard.press('Enter');
    await expect.poll(async () => (await focused(visitor)).tag).toBe('p');
    const result = (await focused(visitor)).text;
    expect(result.length).toBeGreaterThan(0);
    expect(await visitor.getByRole('status').or(visitor.getByRole('alert')).first().textContent()).toBe(result);
    await expectAccessible(visitor);
  });

  it('puts the focus on each dashboard page’s heading when reached from the side menu', async () => {
    const who = await signUpThroughApi({ email: uniqueEmail('focus-menu'), name: 'Lou Menu' });
    const page = await signedInPage(who, { width: 1280, height: 800 });
    await page.goto('/dashboard');
    await ready(page);
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    const myEvents = menu.getByRole('link', { name: 'My Events' });
    await tabTo(page, myEvents);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard/myEvents');
    await expect.poll(async () => (await focused(page)).tag).toBe('h1');
    const profile = menu.getByRole('link', { name: 'My Profile' });
    await tabTo(page, profile);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard/profile');
    await expect.poll(async () => (await focused(page)).tag).toBe('h1');
    await expectAccessible(page);
  });
});
