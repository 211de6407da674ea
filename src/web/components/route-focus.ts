import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to draw its heading (its code and data arriving) before focus is left alone. */
const WAIT_FOR_HEADING_MS = 10_000;

/**
 * After the app moves to another page (a link, a form that leads on, Back), focus goes to the new
 * page's heading (its `h1` in `main`), as it would on a page the browser loaded itself: a screen
 * reader says where the person is, and Tab goes on from the top of the page, not from the link they
 * left on the page before. Not on the first page (the browser starts there), not when only the query
 * changes (a search, a page of results: the person stays where they were), and not when focus moved
 * elsewhere before the heading came (the person is already doing something there).
 */
export function useFocusHeadingOnNavigation(mainId: string) {
  const { pathname } = useLocation();
  /** The path whose page had its heading focused (or had its chance): null before the first page. */
  const shown = useRef<string | null>(null);
  // What had the focus when the path changed, read once while drawing the new page: the page's own
  // effects (a field that takes the focus as it appears) run before this layout's, and must neither
  // count as the person's move nor be undone.
  const capturedFor = useRef<string | null>(null);
  const focusedBefore = useRef<Element | null>(null);
  if (typeof document !== 'undefined' && capturedFor.current !== pathname) {
    capturedFor.current = pathname;
    focusedBefore.current = document.activeElement;
  }

  useEffect(() => {
    if (shown.current === null) shown.current = pathname;
    if (shown.current === pathname) return;
    const main = document.getElementById(mainId);
    if (!main) return;
    const before = focusedBefore.current;
    const done = () => {
      shown.current = pathname;
    };
    const focusHeading = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      const now = document.activeElement;
      const moved = now !== before && now !== null && now !== document.body && now !== main && main.contains(now);
      if (!moved && document.activeElement !== heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        // The scroll is the router's (top of a new page, where it was on Back).
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focusHeading()) {
      done();
      return;
    }
    const observer = new MutationObserver(() => {
      if (!focusHeading()) return;
      done();
      stop();
    });
    const timer = window.setTimeout(() => {
      done();
      stop();
    }, WAIT_FOR_HEADING_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainId]);
}
