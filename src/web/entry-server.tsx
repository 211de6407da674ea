// The public pages' HTML, rendered on the server from the same routes and components the browser runs
// (main.tsx takes it over without drawing it again). Built by `vite build --ssr` into dist/ssr and loaded
// by src/server/http/render-page.ts. What it renders depends only on the URL and on what the API answers
// to a visitor without a session: nothing of the person asking, so one URL's HTML serves everyone.
import { MantineProvider } from '@mantine/core';
import { dehydrate, type Query, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { answerApiCallsWith } from './lib/api-client.ts';
import { accountScope } from './lib/current-account.ts';
import { cssVariablesResolver, theme } from './lib/theme.ts';
import { drawnOrigin } from './lib/use-origin.ts';
import { drawnTitle } from './lib/use-page-title.ts';
import { routes } from './router.tsx';

export interface RenderedPage {
  status: number;
  /** The markup that goes inside #root. */
  html: string;
  /** The queries the page was drawn from, for the browser's cache (TanStack Query's dehydrated state). */
  state: unknown;
  /** Set when a route redirects: where to. */
  redirect?: string;
  /** The source modules of the routes drawn (`src/web/routes/home.tsx`), whose built files the page needs. */
  modules: string[];
  /** The tab title the page asked for; '' when it asked for none. */
  title: string;
}

/** Answers the page's API calls in-process, as to a visitor without a session. */
export type ApiAnswer = (path: string) => Promise<Response>;

/** How many times the page is drawn at most: each draw may ask for queries the data of the one before revealed. */
const MAX_DRAWS = 3;

/** A person's own queries (their account and what hangs off it) are never part of the shared HTML. */
const isPersonal = (query: Query) => query.queryKey[0] === accountScope[0];

/**
 * Whether the page would ask for this query now (a query can wait for another's answer). A query
 * marked `meta: { browserOnly: true }` acts for the person who opens the page (confirming their
 * address): drawn on the server it would act for no one, so it waits for the browser.
 */
function isWanted(query: Query): boolean {
  if (query.meta?.browserOnly === true) return false;
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** `origin` is the site's own address (PUBLIC_URL's), for what a page must show whole. */
export function createRenderer(answer: ApiAnswer, origin: string) {
  answerApiCallsWith((url) => answer(url));
  drawnOrigin.current = origin;
  const handler = createStaticHandler(routes);

  return async function render(url: string): Promise<RenderedPage> {
    const request = new Request(new URL(url, 'http://localhost'));
    const context = await handler.query(request);
    if (context instanceof Response) {
      return { status: context.status, html: '', state: null, redirect: context.headers.get('Location') ?? '/', modules: [], title: '' };
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    // Never retried and never refetched here: one answer each, then the HTML.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
    const draw = () => {
      drawnTitle.current = '';
      return renderToString(
        <StrictMode>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
            <QueryClientProvider client={queryClient}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </QueryClientProvider>
          </MantineProvider>
        </StrictMode>,
      );
    };

    // Drawing registers the queries the page reads; fetch those, and draw again until none is new.
    let html = draw();
    let title = drawnTitle.current;
    for (let i = 1; i < MAX_DRAWS; i++) {
      const waiting = queryClient.getQueryCache().findAll({
        predicate: (query) =>
          query.state.status === 'pending' && query.state.fetchStatus === 'idle' && !isPersonal(query) && isWanted(query),
      });
      if (waiting.length === 0) break;
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      // A query that failed (a missing event, the database away) is drawn as loading, as the browser
      // first draws it, and the browser asks again.
      queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' || isPersonal(query) });
      html = draw();
      title = drawnTitle.current;
    }
    const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' && !isPersonal(query) });
    // No clock in the HTML: the same URL and data make the same bytes (and ETag). The browser dates
    // the data when the page arrives (main.tsx).
    for (const query of state.queries) {
      query.dehydratedAt = 0;
      query.state.dataUpdatedAt = 0;
    }
    queryClient.clear();
    const notFound = context.matches.some((match) => match.route.path === '*');
    const modules = context.matches.flatMap((match) => {
      const module = (match.route.handle as { module?: string } | undefined)?.module;
      return module ? [module] : [];
    });
    return { status: notFound ? 404 : context.statusCode, html, state, modules, title };
  };
}
