// The app itself: loaded by main.tsx once the page is on the screen. It takes over the page the server
// drew (or draws the page, when the server sent the plain one).
// Before any chunk with zod in it (see the module).
import './lib/zod-without-eval.ts';
import { MantineProvider } from '@mantine/core';
import { type DehydratedState, hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { FollowAccountLanguage } from './lib/account-language.tsx';
import { currentAccountQuery } from './lib/current-account.ts';
import { browserI18n, pageWords } from './lib/i18n-browser.ts';
import { NotificationsHost } from './lib/notifications-host.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { cssVariablesResolver, theme } from './lib/theme.ts';
import { noteTypedFields, TypedAgain } from './lib/typed-before-takeover.tsx';
import { askedAlready } from './lib/who-is-here.ts';
import { routes } from './router.tsx';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// The drawn page's language and words: the first render says what the server drew.
const i18n = browserI18n(pageWords());

/**
 * The page the server drew: its queries go into the cache, and the code of the routes it shows is
 * loaded before React takes the HTML over, so the first render in the browser is the server's own
 * (no refetch, nothing redrawn, nothing moves).
 */
const serverState = document.getElementById('page-state')?.textContent;
if (serverState) {
  // The server leaves the time out of the page (so one URL's HTML is the same bytes): the data is as fresh as the page.
  const state = JSON.parse(serverState) as DehydratedState;
  const now = Date.now();
  for (const query of state.queries) {
    query.dehydratedAt = now;
    query.state.dataUpdatedAt = now;
  }
  hydrate(queryClient, state);
  // A visitor, as main.tsx heard before it fetched the app: not asked again. (Someone signed in is: the
  // page was drawn without their account, and drawing it in now would not be the page taken over.)
  if ((await askedAlready())?.kind === 'visitor') queryClient.setQueryData(currentAccountQuery.queryKey, null);
  await loadMatchedRoutes(routes, window.location.pathname);
}

async function loadMatchedRoutes(routeList: RouteObject[], pathname: string) {
  for (const { route } of matchRoutes(routeList, pathname) ?? []) {
    if (typeof route.lazy !== 'function') continue;
    const loaded = await route.lazy();
    Object.assign(route, loaded, { lazy: undefined });
  }
}

/**
 * A link followed on the drawn page before the app came marks it `data-leaving` (early-input.js): the
 * next page is on its way, and creating the router (which writes this page's history entry) would
 * cancel it. The app waits until the page is gone, or the mark is (the next page did not come).
 */
async function notBeingLeft() {
  const root = document.documentElement;
  if (root.dataset.leaving !== 'true') return;
  await new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      if (root.dataset.leaving === 'true') return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-leaving'] });
  });
}

await notBeingLeft();
const router = createBrowserRouter(routes);
const typedBeforeTakeover = serverState ? noteTypedFields(rootElement) : [];

/** Marks the page as taken over (`<html data-ready>`) once React has committed it: scripts and tests can tell. */
function MarkReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

/** Where the drawn page was scrolled to the moment the app took it over. */
const drawnScroll = { x: 0, y: 0 };

/** Notes the drawn page's scroll position, before the router's scroll restoration (after it in the tree) moves it. */
function NoteScroll() {
  useLayoutEffect(() => {
    drawnScroll.x = window.scrollX;
    drawnScroll.y = window.scrollY;
  }, []);
  return null;
}

/**
 * Puts the drawn page back where the person had scrolled it, in the same frame: the router takes a new
 * page to the top (ScrollRestoration), which at the take-over threw the page up under a finger that was
 * tapping 'View Event' further down, and the tap landed on whatever came there (issue 28). A page not
 * scrolled yet is left to the router, which restores a position it saved (a reload).
 */
function KeepScroll() {
  useLayoutEffect(() => {
    if (drawnScroll.x !== 0 || drawnScroll.y !== 0) window.scrollTo(drawnScroll.x, drawnScroll.y);
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <NotificationsHost />
          <FollowAccountLanguage />
          {serverState && <NoteScroll />}
          <RouterProvider router={router} />
          {serverState && <KeepScroll />}
          {serverState && <TypedAgain typed={typedBeforeTakeover} />}
          <MarkReady />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>
);

// Taking the server's HTML over as a transition lets React do it in short slices between which the
// browser answers taps and scrolls, instead of one long task.
if (serverState) {
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
} else createRoot(rootElement).render(app);
