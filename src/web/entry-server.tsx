// The public pages' HTML, rendered on the server from the same routes and components the browser runs
// (main.tsx takes it over without drawing it again). Built by `vite build --ssr` into dist/ssr and loaded
// by src/server/http/render-page.ts. What it renders depends only on the URL and on what the API answers
// to a visitor without a session: nothing of the person asking, so one URL's HTML serves everyone.
// The matched routes' loaders fetch what their pages read (lib/page-data.ts), then the page is drawn once.
import { MantineProvider } from '@mantine/core';
import { dehydrate, type Query, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Language } from '../shared/language.ts';
import type { RenderedPage } from '../shared/rendered-page.ts';
import { answerApiCallsWith } from './lib/api-client.ts';
import { accountScope } from './lib/current-account.ts';
import { type AllWords, serverI18n } from './lib/i18n.ts';
import type { DrawContext } from './lib/page-data.ts';
import { cssVariablesResolver, theme } from './lib/theme.ts';
import { drawnOrigin } from './lib/use-origin.ts';
import { drawnTitle } from './lib/use-page-title.ts';
import { routes } from './router.tsx';

export type { RenderedPage };
/** The routes drawn here, with their loaders (for a test that leaves one out). */
export { routes };

/** Answers the page's API calls in-process, as to a visitor without a session. */
export type ApiAnswer = (path: string) => Promise<Response>;

/**
 * Whether a query may be fetched here and sent with the page. A person's own queries (their account and
 * what hangs off it) are never part of the shared HTML. A query marked `meta: { browserOnly: true }`
 * acts for the person who opens the page (confirming their address): run on the server it would act
 * for no one, so it waits for the browser.
 */
const isShared = (query: Query) => query.queryKey[0] !== accountScope[0] && query.meta?.browserOnly !== true;

/** Whether the page asks for this query now (a query can wait for another's answer). */
function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** Queries by their keys, for a log line or a test. */
const keysOf = (queries: Query[]) => queries.map((query) => query.queryHash);

/** Every language's words, each area's file (src/web/locales/<language>/<area>.json), in this bundle. */
const allWords: AllWords = { en: {}, bn: {} };
for (const [file, words] of Object.entries({
  ...import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true }),
  ...import.meta.glob<{ default: Record<string, unknown> }>('../shared/locales/*/*.json', { eager: true }),
})) {
  const [, language, area] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (language === 'en' || language === 'bn') allWords[language][area as string] = words.default;
}

/** `origin` is the site's own address (PUBLIC_URL's), for what a page must show whole. */
export function createRenderer(answer: ApiAnswer, origin: string) {
  answerApiCallsWith((url) => answer(url));
  drawnOrigin.current = origin;
  const handler = createStaticHandler(routes);

  return async function render(url: string, language: Language = 'en'): Promise<RenderedPage> {
    const request = new Request(new URL(url, 'http://localhost'));
    // Never retried and never refetched here: one answer each, then the HTML.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
    // The matched routes' loaders put what their pages read into this cache (lib/page-data.ts).
    const context = await handler.query(request, { requestContext: { queryClient } satisfies DrawContext });
    if (context instanceof Response) {
      return {
        status: context.status,
        html: '',
        state: null,
        redirect: context.headers.get('Location') ?? '/',
        modules: [],
        title: '',
        words: { language, words: {} },
        draws: 0,
        undeclared: [],
        unshared: [],
      };
    }
    // A declaration that fetched what the page may not share: it is dropped, not drawn.
    const unshared = keysOf(queryClient.getQueryCache().findAll({ predicate: (query) => !isShared(query) }));
    // A query that failed (a missing event, the database away) is drawn as loading, as the browser
    // first draws it, and the browser asks again.
    const failed = new Set(keysOf(queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' })));
    queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' || !isShared(query) });

    const router = createStaticRouter(handler.dataRoutes, context);
    const i18n = serverI18n(language, allWords);
    let draws = 0;
    const draw = () => {
      draws += 1;
      drawnTitle.current = '';
      return renderToString(
        <StrictMode>
          <I18nextProvider i18n={i18n}>
            <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
              <QueryClientProvider client={queryClient}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </QueryClientProvider>
            </MantineProvider>
          </I18nextProvider>
        </StrictMode>,
      );
    };
    const html = draw();
    const title = drawnTitle.current;
    // What the draw asked for that no route declared: drawn as loading, the browser asks for it.
    const undeclared = keysOf(
      queryClient.getQueryCache().findAll({
        predicate: (query) =>
          query.state.status === 'pending' &&
          query.state.fetchStatus === 'idle' &&
          isShared(query) &&
          isEnabled(query) &&
          !failed.has(query.queryHash),
      }),
    );
    const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' && isShared(query) });
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
    // The words of the areas the page used, in its language: the browser takes it over with them.
    const used = i18n.reportNamespaces?.getUsedNamespaces() ?? [];
    const words = Object.fromEntries(used.flatMap((area) => (allWords[language][area] ? [[area, allWords[language][area]]] : [])));
    return {
      status: notFound ? 404 : context.statusCode,
      html,
      state,
      modules,
      title,
      words: { language, words },
      draws,
      undeclared,
      unshared,
    };
  };
}
