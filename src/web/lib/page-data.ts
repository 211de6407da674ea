import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params, RouteObject } from 'react-router';

/** What a page's data declaration is given: the page's query cache, the route's parameters and the address. */
export interface PageDataArgs {
  queryClient: QueryClient;
  params: Params;
  url: URL;
}

/**
 * What a route reads in its first draw, put in the page's query cache with the same query options its
 * components read (`queryClient.prefetchQuery(…)`, which never throws: a query that failed is drawn as
 * loading and the browser asks again). Only what anyone may see: never a person's own queries
 * (`accountScope`) nor those marked `meta: { browserOnly: true }`.
 */
export type PageData = (args: PageDataArgs) => Promise<unknown>;

/** What the server gives each route's loader when it draws a page (entry-server.tsx). */
export interface DrawContext {
  queryClient: QueryClient;
}

/**
 * The route's loader for `data`, on the server only (`import.meta.env.SSR`, so the browser's build drops
 * it): it fills the page's cache before the one draw. In the browser the route has no loader, so the
 * page the server drew is taken over as it comes (a route with a loader and no loader data would be
 * drawn as its fallback first), and a navigation fetches as it always has, from the components, without
 * waiting for anything before it shows the next page.
 */
export function loaderFor(data: PageData | undefined): Pick<RouteObject, 'loader'> {
  if (!import.meta.env.SSR || !data) return {};
  return {
    loader: async ({ request, params, context }: LoaderFunctionArgs) => {
      await data({ queryClient: (context as DrawContext).queryClient, params, url: new URL(request.url) });
      return null;
    },
  };
}
