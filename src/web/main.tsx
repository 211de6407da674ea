// The first script of every page: the stylesheets every page needs (the server writes them into the
// pages it draws), then the app, once the page the server drew is on the screen, and on a visitor's
// public page once they first reach for a control (decision 044).
import './lib/mantine-styles.ts';
import './components/global.css';
import { markVisitor, whoIsHere } from './lib/who-is-here.ts';

// The door page names to its offline worker every build file this visit loaded, from the browser's
// resource list: 250 entries by default, which an admin's afternoon of API calls fills before the door.
performance.setResourceTimingBufferSize?.(5_000);

const WAIT_FOR_PICTURE_MS = 1_500;

/** Longest wait for the browser to say the page painted (a page with no text or picture never does). */
const WAIT_FOR_PAINT_MS = 1_000;

/**
 * Resolves once the browser has put the drawn page on the screen: its own first-contentful-paint entry,
 * reported once the frame is shown (a frame callback comes before that, and scripts asked for then
 * would be fetched while the paint is still on its way).
 */
function firstContentfulPaint() {
  return new Promise<void>((resolve) => {
    const painted = (entries: PerformanceEntryList) => entries.some((entry) => entry.name === 'first-contentful-paint');
    if (painted(performance.getEntriesByType('paint'))) return resolve();
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (painted(list.getEntries())) done();
    });
    const timer = setTimeout(done, WAIT_FOR_PAINT_MS);
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * Resolves once the page the server drew has been painted and its first picture (the hero, an event's
 * banner) has arrived, or after 1.5 s: on a slow phone the bytes that show the page go first, and the
 * scripts that make it interactive (links and forms work without them) follow at once.
 */
async function pageShown() {
  await firstContentfulPaint();
  const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!picture || picture.complete) return;
  await Promise.race([
    new Promise((resolve) => {
      picture.addEventListener('load', resolve, { once: true });
      picture.addEventListener('error', resolve, { once: true });
    }),
    new Promise((resolve) => setTimeout(resolve, WAIT_FOR_PICTURE_MS)),
  ]);
}

/** The scripts the drawn page's routes need, as the server listed them: fetched side by side. */
function preloadPageModules() {
  const listed = document.getElementById('page-modules')?.textContent;
  // Into the page in one go: one change to the head instead of one per file.
  const links = document.createDocumentFragment();
  for (const file of listed ? (JSON.parse(listed) as string[]) : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = `/${file}`;
    link.crossOrigin = '';
    links.append(link);
  }
  document.head.append(links);
}

/** Lets the browser paint and answer input between two pieces of start-up work. */
const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The pages the server draws that a visitor can read, follow the links of and type into without the
 * app (decision 044): they rest until the person first uses a control, and the app comes then.
 */
const RESTING_PAGES = /^\/(?:home|events|eventDetails\/[^/]+|login|register|forgot-password|reset-password|privacy|terms)?\/?$/;

/** The controls whose use needs the app (links do not: they go by themselves). */
const CONTROLS = 'button, input, select, textarea, label, summary, [role="button"], [role="tab"], [contenteditable]';

/** Whether the person is already at a control: they focused or held one before this script ran. */
function alreadyInUse(root: HTMLElement) {
  if (root.dataset.wanted === 'true') return true;
  const focused = document.activeElement;
  return focused instanceof Element && focused !== document.body && focused.matches(CONTROLS);
}

/**
 * Resolves at the first sign the person is about to use a control: a finger or the mouse coming down
 * or over it, focus reaching it, a key pressed (but Tab, which only moves along), or early-input.js
 * holding a submit or a click (`hh:wanted`). The app is fetched from that moment, and what the
 * control was asked to do is done once it has come (early-input.js).
 */
function firstUse() {
  return new Promise<void>((resolve) => {
    const types = ['pointerdown', 'touchstart', 'pointerover', 'focusin', 'keydown', 'hh:wanted'] as const;
    const onEvent = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (event.type === 'keydown') {
        const { key } = event as KeyboardEvent;
        if (key === 'Tab' || key === 'Shift' || (key === 'Enter' && target?.closest('a[href]'))) return;
      } else if (event.type !== 'hh:wanted' && !target?.closest(CONTROLS)) return;
      for (const type of types) document.removeEventListener(type, onEvent, true);
      resolve();
    };
    for (const type of types) document.addEventListener(type, onEvent, { capture: true, passive: true });
  });
}

const root = document.documentElement;
const drawn = document.getElementById('page-state') !== null;
const mayRest = drawn && RESTING_PAGES.test(window.location.pathname);
const here = mayRest ? whoIsHere() : undefined;
// A tab opened in the background paints nothing until shown: it takes the page over at once instead.
if (drawn && document.visibilityState === 'visible') await pageShown();
// A visitor's page rests while nothing on it is still to load (a part drawn loading, the server could
// not answer it) and nobody has reached for a control; someone signed in gets the app at once.
if (here && (await here).kind === 'visitor') {
  markVisitor(true);
  if (!alreadyInUse(root) && !document.querySelector('#root [data-loading]')) {
    root.dataset.resting = 'true';
    await firstUse();
    delete root.dataset.resting;
  }
}
preloadPageModules();
// Start-up in pieces, each its own task, so none holds a slow phone's main thread for long: React
// itself (the largest script to run), the libraries, then the app, which takes the page over in slices.
await import('react-dom/client');
await breathe();
await import('./lib/start-up-libraries.ts');
await breathe();
await import('./start-app.tsx');
