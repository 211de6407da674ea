import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, signUpThroughApi } from './support/accounts.ts';
import { newPage, pageProblems } from './support/browser.ts';

/**
 * A visitor's public page rests once drawn: links, reading and typing need no script, so the app is
 * fetched only when the person first reaches for a control, and what they asked of it is done once it
 * has come (decision 044). Someone signed in gets the app at once: the page shows their account.
 */

/** Opens `path` without support/browser.ts's wait for the app: that wait asks for the app itself. */
async function openDrawn(page: Page, path: string) {
  await page.mainFrame().goto(path, { waitUntil: 'load' });
}

/** The scripts the page has asked for so far (the inline one is part of the HTML), with their sizes. */
function scriptsAsked(page: Page): { files: () => string[]; bytes: () => Promise<number> } {
  const scripts: string[] = [];
  const sizes: Array<Promise<number>> = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') sizes.push(response.body().then((body) => body.length));
  });
  return { files: () => [...scripts], bytes: async () => (await Promise.all(sizes)).reduce((a, b) => a + b, 0) };
}

/**
 * The first script and the few small ones it imports (the module loader's, who-is-here), none of the
 * app's: under 20 KB before compression (the app is over 600 KB).
 */
async function expectOnlyTheFirstScript(scripts: ReturnType<typeof scriptsAsked>) {
  const files = scripts.files();
  expect(files[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  expect(files.length).toBeLessThanOrEqual(4);
  expect(files.filter((file) => /\/(react|client|framework|start-app|mantine)-/.test(file))).toEqual([]);
  expect(await scripts.bytes()).toBeLessThan(20_000);
}

const state = (page: Page) =>
  page.evaluate(() => {
    const { resting, ready, visitor } = document.documentElement.dataset;
    return { resting: resting === 'true', ready: ready === 'true', visitor: visitor === 'true' };
  });

/** Which carousel slide is in view (0 first). */
const visibleSlide = (page: Page) =>
  page.getByTestId('carousel-slide').evaluateAll((elements) => {
    const viewport = elements[0]?.parentElement?.parentElement?.getBoundingClientRect();
    return elements.findIndex((el) => {
      const box = el.getBoundingClientRect();
      return viewport !== undefined && Math.abs(box.left - viewport.left) < 2;
    });
  });

describe('a visitor’s public page before it is used', () => {
  it('asks for one small script, shows Login, and brings the app at the first tap, which it then acts on once', async () => {
    const page = await newPage();
    const scripts = scriptsAsked(page);
    await openDrawn(page, '/home');
    await page.waitForFunction(() => document.documentElement.dataset.resting === 'true');
    // Resting: the first script and nothing else, however long the visitor reads.
    await page.waitForTimeout(1_000);
    await expectOnlyTheFirstScript(scripts);
    expect(await state(page)).toEqual({ resting: true, ready: false, visitor: true });
    await expect.poll(() => page.getByRole('link', { name: 'Login', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Events' }).first().getAttribute('href')).toBe('/events');

    // The first tap on a control brings the app, and the carousel moves one slide, not none or two.
    expect(await visibleSlide(page)).toBe(0);
    await page.getByRole('button', { name: /next/i }).click();
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await expect.poll(() => visibleSlide(page)).toBe(1);
    await page.waitForTimeout(500);
    expect(await visibleSlide(page)).toBe(1);
    expect(await state(page)).toEqual({ resting: false, ready: true, visitor: true });
    expect(scripts.files().length).toBeGreaterThan(5);
    expect(pageProblems(page)).toEqual([]);
  });

  it('brings the app when a form field is reached with the keyboard, keeping what is typed', async () => {
    const page = await newPage();
    const scripts = scriptsAsked(page);
    await openDrawn(page, '/login');
    await page.waitForFunction(() => document.documentElement.dataset.resting === 'true');
    await expectOnlyTheFirstScript(scripts);
    // Tab moves along the links without waking anything; reaching the email field does.
    const email = page.getByLabel('Email', { exact: false }).first();
    await email.focus();
    await page.keyboard.type('reader@example.org');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await expect.poll(() => email.inputValue()).toBe('reader@example.org');
    expect(scripts.files().length).toBeGreaterThan(5);
  });

  it('does not rest for someone signed in: their account is on the page without their touching it', async () => {
    const session = await signUpThroughApi({ name: 'Rhea Resting' });
    const page = await signedInPage(session);
    await openDrawn(page, '/home');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    expect(await state(page)).toEqual({ resting: false, ready: true, visitor: false });
    await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });
});
