import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** A page's HTML as the server sends it to everyone who asks for that URL. */
export interface RenderedHtml {
  status: number;
  html: string;
}

export type RenderPage = (url: string) => Promise<RenderedHtml>;

/** What the server bundle (src/web/entry-server.tsx, built into dist/ssr) exports. */
interface ServerEntry {
  createRenderer(answer: (path: string) => Promise<Response>): (url: string) => Promise<{
    status: number;
    html: string;
    state: unknown;
    redirect?: string;
  }>;
}

const ROOT = '<div id="root"></div>';

/** JSON inside <script type="application/json">: no `<` may close the element early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The built server bundle beside the built web app (dist/web → dist/ssr), if it was built. */
export function serverEntryFor(webDir: string): string | null {
  const file = path.join(path.dirname(path.resolve(webDir)), 'ssr', 'entry-server.js');
  return existsSync(file) ? file : null;
}

/**
 * Renders any page path into index.html: the page's markup inside #root, the queries it was drawn from
 * (for the browser to take the page over without asking again), and the picture the page shows first
 * preloaded. Each API call the page makes is answered in-process by `app.inject`, without a cookie:
 * the HTML is a function of the URL and the database only. `decorate` adds per-page head tags (the
 * event preview).
 */
export async function createPageRenderer(
  app: FastifyInstance,
  webDir: string,
  entryFile: string,
  decorate: (url: string, html: string) => Promise<string>,
): Promise<RenderPage> {
  const template = readFileSync(path.join(path.resolve(webDir), 'index.html'), 'utf8');
  if (!template.includes(ROOT)) throw new Error(`${webDir}/index.html has no ${ROOT} to render into`);
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const render = entry.createRenderer(async (apiPath) => {
    const res = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } });
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.payload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  });

  return async (url) => {
    const page = await render(url);
    // No route redirects today; should one, the browser's router follows it from the plain page.
    if (page.redirect) return { status: 200, html: await decorate(url, template) };
    let html = template.replace(
      ROOT,
      () => `<div id="root">${page.html}</div>\n    <script type="application/json" id="page-state">${scriptJson(page.state)}</script>`,
    );
    // The first picture the page shows (the hero, an event's banner) is fetched with the stylesheet.
    const first = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i.exec(page.html)?.[0];
    const src = first && /\bsrc="([^"]+)"/.exec(first)?.[1];
    if (src) html = html.replace('</head>', () => `  <link rel="preload" as="image" href="${src}" fetchpriority="high" />\n  </head>`);
    return { status: page.status, html: await decorate(url, html) };
  };
}
