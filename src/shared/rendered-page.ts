// What the server bundle (src/web/entry-server.tsx) gives the server for one page it draws
// (src/server/http/render-page.ts): one shape both sides read, since the server may not import the web app.

/** A page as the server bundle draws it. */
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
  /** The language it was drawn in and the words of the areas it used (each area's translations), for the browser to take it over with. */
  words: { language: string; words: Record<string, unknown> };
  /** How many times the page was drawn: once, its data having been fetched before (the routes' loaders). */
  draws: number;
  /**
   * The queries the draw read that no route declared, by key: drawn as loading, the browser fetches
   * them. A page that reads one should declare it (lib/page-data.ts).
   */
  undeclared: string[];
  /** Queries a route's declaration fetched that may not be shared (a person's own, browser-only), by key: left out. */
  unshared: string[];
}
