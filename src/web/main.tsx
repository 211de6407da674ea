// The first script of every page: the stylesheets every page needs (the server writes them into the
// pages it draws), then the app, once the page the server drew is on the screen.
import './lib/mantine-styles.ts';
import './components/global.css';

const WAIT_FOR_PICTURE_MS = 1_500;

/**
 * Resolves once the page the server drew has been painted and its first picture (the hero, an event's
 * banner) has arrived, or after 1.5 s: on a slow phone the bytes that show the page go first, and the
 * scripts that make it interactive (links and forms work without them) follow at once.
 */
async function pageShown() {
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
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
  for (const file of listed ? (JSON.parse(listed) as string[]) : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = `/${file}`;
    link.crossOrigin = '';
    document.head.append(link);
  }
}

// A tab opened in the background paints nothing until shown: it takes the page over at once instead.
if (document.getElementById('page-state') && document.visibilityState === 'visible') await pageShown();
preloadPageModules();
await import('./start-app.tsx');
