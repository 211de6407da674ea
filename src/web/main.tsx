// The first script of every page: the stylesheets every page needs (the server writes them into the
// pages it draws), then the app, once the page the server drew is on the screen.
import './lib/mantine-styles.ts';
import './components/global.css';

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

// A tab opened in the background paints nothing until shown: it takes the page over at once instead.
if (document.getElementById('page-state') && document.visibilityState === 'visible') await pageShown();
preloadPageModules();
// Start-up in pieces, each its own task, so none holds a slow phone's main thread for long: React
// itself (the largest script to run), the libraries, then the app, which takes the page over in slices.
await import('react-dom/client');
await breathe();
await import('./lib/start-up-libraries.ts');
await breathe();
await import('./start-app.tsx');
