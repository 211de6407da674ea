import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, expect, inject } from 'vitest';

export const baseURL = inject('baseURL');

let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

/** A fresh page (own cookies and storage) on the shared browser; 1280×800 unless told otherwise. */
export async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
  browser ??= await chromium.connect(inject('wsEndpoint'));
  const context = await browser.newContext({ baseURL, viewport });
  contexts.push(context);
  const page = await context.newPage();
  const problems: string[] = [];
  // Only the app's own pages count: an identity provider's pages are not ours to judge.
  const onApp = () => new URL(page.url()).origin === new URL(baseURL).origin;
  page.on('pageerror', (error) => {
    if (onApp()) problems.push(error.message);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && onApp()) problems.push(message.text());
  });
  (page as PageWithProblems).problems = problems;
  return page;
}

type PageWithProblems = Page & { problems: string[] };

/** Script errors and console errors the page logged so far: a journey should end with none. */
export function pageProblems(page: Page): string[] {
  return (page as PageWithProblems).problems;
}

/** Every toast (Mantine notification) the page shows now. */
export const toasts = (page: Page) => page.locator('.mantine-Notification-root');

/** The toast line that says exactly `text`. */
export const toast = (page: Page, text: string) => toasts(page).getByText(text, { exact: true });

/** axe-core on the page as it is now: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}
