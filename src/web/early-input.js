// Written inline into every page the server draws, before any module (src/server/http/early-input.ts):
// what a person does to the drawn page before the app has taken it over (decision 042). A submit or a
// click on a control that needs the app waits here, the control marked busy, and happens once, as
// it was, when the app has (`<html data-ready>`, start-app.tsx). Links navigate by themselves; one
// followed marks the page as being left (`<html data-leaving>`), and the app waits, since taking the
// page over (its router's first history entry) would cancel the next page on its way. Not bundled:
// plain script the browsers of the product's list all run.
(() => {
  const root = document.documentElement;
  const takenOver = () => root.dataset.ready === 'true';
  const waiting = [];

  /** Where an element sits under <body> (child indexes): found again should the app have redrawn it. */
  const pathOf = (element) => {
    const path = [];
    for (let node = element; node !== document.body && node.parentElement; node = node.parentElement) {
      path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    return path;
  };
  const atPath = (path) => path.reduce((node, index) => node?.children[index], document.body);

  const busy = (element, on) => {
    element?.toggleAttribute('data-waiting', on);
    if (on) element?.setAttribute('aria-busy', 'true');
    else element?.removeAttribute('aria-busy');
  };

  /**
   * Noted once: a second tap on the same control before the app has come is the same wish. A page
   * resting for a visitor (main.tsx) fetches the app on hearing of it (`hh:wanted`), or on seeing
   * `data-wanted` should this come before main.tsx runs.
   */
  const wait = (target, submitter) => {
    busy(submitter ?? target, true);
    root.dataset.wanted = 'true';
    document.dispatchEvent(new Event('hh:wanted'));
    if (waiting.some((entry) => entry.target === target)) return;
    waiting.push({ target, path: pathOf(target), submitter });
  };

  document.addEventListener(
    'submit',
    (event) => {
      if (takenOver()) return;
      // Never sent by the browser itself: no reload, no field in an address.
      event.preventDefault();
      event.stopPropagation();
      wait(event.target, event.submitter ?? null);
    },
    true,
  );

  /** Whether a click on `link` takes this tab to another page (not a new tab, a download, or a place on this one). */
  const leavesBy = (event, link) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return false;
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
    const to = new URL(link.href, location.href);
    return to.origin !== location.origin || to.pathname !== location.pathname || to.search !== location.search;
  };
  // Should the next page not come (the address answered with a file, the network gone), the app comes
  // after all; and a page brought back from the browser's back-forward cache is not being left.
  const LEAVING_MS = 10_000;
  let leavingTimer;
  const stayed = () => {
    clearTimeout(leavingTimer);
    delete root.dataset.leaving;
  };
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) stayed();
  });

  document.addEventListener(
    'click',
    (event) => {
      if (takenOver() || !(event.target instanceof Element)) return;
      const link = event.target.closest('a[href]');
      if (link) {
        if (!event.defaultPrevented && leavesBy(event, link)) {
          // The browser goes by itself: the app, should it be taking the page over right now, does not
          // turn this into a navigation of its own that waits for its code on a slow network.
          event.stopPropagation();
          root.dataset.leaving = 'true';
          clearTimeout(leavingTimer);
          leavingTimer = setTimeout(stayed, LEAVING_MS);
        }
        return;
      }
      const control = event.target.closest('button, [role="button"], summary, input[type="checkbox"], input[type="radio"]');
      if (!control || control.disabled) return;
      // A submit button's click submits its form: that submit is what waits.
      if (control.form && control.type === 'submit') return;
      event.preventDefault();
      event.stopPropagation();
      wait(control, null);
    },
    true,
  );

  const replay = () => {
    for (const { target, path, submitter } of waiting.splice(0)) {
      busy(submitter ?? target, false);
      const element = target.isConnected ? target : atPath(path);
      if (!element) continue;
      if (element instanceof HTMLFormElement) {
        const by = submitter?.isConnected && submitter.form === element ? submitter : undefined;
        element.requestSubmit(by);
      } else element.click();
    }
  };

  // The app marks the page taken over once React has committed it; what its parts start in their own
  // effects (the carousel measuring itself) settles over the next frames: the held actions wait for
  // those, or a tap on an arrow would reach a carousel not yet able to move.
  const settled = (then) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then, 0)));
  new MutationObserver((_changes, observer) => {
    if (!takenOver()) return;
    observer.disconnect();
    settled(replay);
  }).observe(root, { attributes: true, attributeFilter: ['data-ready'] });
})();
