import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, expect, inject } from 'vitest';
import { baseURL } from './server.ts';

export { baseURL };

/**
 * Where a failed journey leaves its evidence: a Playwright trace of every page it had open (open
 * it with `npx playwright-core show-trace <file>`, or at trace.playwright.dev; not with E2E_TRACE=off)
 * and a screenshot.
 * `.ci/run` prints this folder when a suite fails.
 */
export const artifactsDir = path.resolve(import.meta.dirname, '../../test-results/e2e', process.env.DATABASE_URL ? 'server' : 'embedded');

/**
 * Traces take a DOM snapshot at every step. `.ci/run` turns them off with E2E_TRACE=off, since nobody
 * can open a trace left on the CI machine; a failed test there still leaves its screenshots.
 */
const tracing = process.env.E2E_TRACE !== 'off';

/**
 * Pages are opened as by someone who asks their system for less motion: the app's dialogs, drawers and
 * toasts then appear at once (the theme's respectReducedMotion), so axe never reads a dialog caught
 * half-way through its fade as text of too little contrast.
 */
export const reducedMotion = 'reduce' as const;

let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

const slug = (text: string) =>
  text
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/**
 * The file's browser contexts, closed after its last test: called for every file by support/per-file.ts.
 * Every context records a trace in chunks, one chunk a test: a failed test keeps its chunk and a
 * screenshot of each page; a passed one drops them.
 */
export function browserForThisFile() {
  afterEach(keepEvidenceOfFailure);
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
}

async function keepEvidenceOfFailure({ task }: { task: { name: string; file: { name: string }; result?: { state?: string } } }) {
  const failed = task.result?.state === 'fail';
  const folder = path.join(artifactsDir, slug(path.basename(task.file.name, '.test.ts')), slug(task.name));
  if (failed) mkdirSync(folder, { recursive: true });
  await Promise.all(
    contexts.map(async (context, index) => {
      if (failed) {
        await Promise.all(
          context
            .pages()
            .map((page, n) =>
              page.screenshot({ path: path.join(folder, `page-${index}-${n}.png`), fullPage: true }).catch(() => undefined),
            ),
        );
      }
      if (!tracing) return;
      await context.tracing
        .stopChunk(failed ? { path: path.join(folder, `trace-${index}.zip`) } : {})
        .then(() => context.tracing.startChunk())
        .catch(() => undefined);
    }),
  );
}

/**
 * A fresh page (own cookies and storage) on the shared browser; 1280×800 unless told otherwise. The
 * connection to the browser is made once per worker and kept for the files after.
 */
export async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
  if (!browser?.isConnected()) browser = await chromium.connect(inject('wsEndpoint'));
  const context = await browser.newContext({ baseURL, viewport, reducedMotion });
  // How long a step waits for what it needs (an element, a page): the moment it comes, or at most a
  // minute, which only a hang needs; a loaded machine's browser can take more than the default 30 s.
  context.setDefaultTimeout(60_000);
  contexts.push(context);
  if (tracing) {
    await context.tracing.start({ snapshots: true, screenshots: false });
    await context.tracing.startChunk();
  }
  const page = await context.newPage();
  waitForTakeover(page);
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
  // The app's own fades are off (reducedMotion above); any other finite animation still running is
  // waited for, since text at part opacity reads as too little contrast. A spinner's endless one is not.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe in the page and its frames without opening a blank page of its own to gather
  // the results, the same rules on the same frames: each check took 2.5–2.7 s that way on a 2-core
  // machine and 1.3–1.8 s this way, and a journey makes up to a dozen.
  // Only violations are gathered (`resultTypes`): the same rules run on the same nodes, but the passes
  // are not collected node by node, which took about a third of each check (0.6 s → 0.4 s a page here).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/**
 * Waits until the page has done what it does at once: its next frame has been drawn and the task after
 * it run, so the effects of what went before (a key handled, a page taken over) have started their
 * requests. What a journey waits for instead of the network going quiet, which a slow machine can
 * make come early or late.
 */
export async function settled(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/**
 * Presses `key` in `target` and waits until the page has handled it: the key's release has reached the
 * page (after the press's own default action, a form's submit say), and then `settled`.
 */
export async function pressAndSettle(target: Locator, key: string) {
  await target.evaluate((element, pressed) => {
    const page = window as unknown as { released?: Promise<void> };
    page.released = new Promise<void>((resolve) => {
      const released = (event: KeyboardEvent) => {
        if (event.key !== pressed) return;
        element.ownerDocument.removeEventListener('keyup', released, true);
        resolve();
      };
      element.ownerDocument.addEventListener('keyup', released, true);
    });
  }, key);
  await target.press(key);
  await target.page().evaluate(() => (window as unknown as { released?: Promise<void> }).released);
  await settled(target.page());
}

/**
 * A page opened or reloaded on the app arrives drawn by the server and is then taken over by its
 * scripts; a journey acts once that is done (`<html data-ready>`, main.tsx), as it did when the browser
 * drew every page itself. A click in the moment of the takeover can be lost, which a person simply
 * repeats and a test cannot.
 */
function waitForTakeover(page: Page) {
  const ready = async () => {
    if (new URL(page.url()).origin !== new URL(baseURL).origin) return;
    // A visitor's public page rests until first used (decision 044): the journey asks for the app as a
    // first touch would. e2e/resting-pages.test.ts proves the rest, and the touch, themselves.
    await page
      .waitForFunction(() => {
        const root = document.documentElement;
        if (root.dataset.resting === 'true') document.dispatchEvent(new Event('hh:wanted'));
        return root.dataset.ready === 'true';
      })
      .catch(() => undefined);
  };
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
}
