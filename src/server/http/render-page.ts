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
    modules: string[];
    title: string;
  }>;
}

/** An entry of Vite's build manifest (dist/web/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The built files a page's route modules need: their stylesheets, and their scripts with every chunk
 * those import, each once, in the order found.
 */
export function filesFor(manifest: Record<string, ManifestChunk>, modules: string[]) {
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { css: [...css], js: [...js] };
}

const stylesheetLink = /<link rel="stylesheet"[^>]*\shref="\/([^"]+\.css)"[^>]*>\s*/g;

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
  const root = path.resolve(webDir);
  const index = readFileSync(path.join(root, 'index.html'), 'utf8');
  if (!index.includes(ROOT)) throw new Error(`${webDir}/index.html has no ${ROOT} to render into`);
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const stylesheets = new Map<string, string>();
  const stylesheet = (file: string) => {
    let text = stylesheets.get(file);
    if (text === undefined) {
      text = readFileSync(path.join(root, file), 'utf8');
      stylesheets.set(file, text);
    }
    return text;
  };
  // The stylesheets every page links to go into the page itself, with those of the page's own routes:
  // the first paint waits for no other request. The scripts that take the page over are not needed
  // for it, so they are fetched after what is.
  const entryCss = [...index.matchAll(stylesheetLink)].map((match) => match[1] as string);
  const template = index
    .replace(stylesheetLink, (_link, _file, offset: number) => (offset === index.search(stylesheetLink) ? '<!--page-styles-->\n    ' : ''))
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"');
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
    if (page.redirect) return { status: 200, html: await decorate(url, index) };
    const files = filesFor(manifest, page.modules);
    const cssFiles = [...new Set([...entryCss, ...files.css])];
    const css = cssFiles.map(stylesheet).join('\n');
    // The same stylesheets by name, disabled (never fetched): the app's loader sees them and does not
    // fetch what the page already has when it loads a route's code.
    const written = cssFiles.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('\n    ');
    const preloads = files.js
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
      .join('\n    ');
    const escaped = page.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    let html = (page.title ? template.replace(/<title>[^<]*<\/title>/, () => `<title>${escaped}</title>`) : template)
      .replace('<!--page-styles-->', () => `<style>${css}</style>\n    ${written}\n    ${preloads}`)
      .replace(
        ROOT,
        () => `<div id="root">${page.html}</div>\n    <script type="application/json" id="page-state">${scriptJson(page.state)}</script>`,
      );
    // The first picture the page shows (the hero, an event's banner) is fetched with the stylesheet.
    const first = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i.exec(page.html)?.[0];
    const src = first && /\bsrc="([^"]+)"/.exec(first)?.[1];
    if (src)
      html = html.replace(
        '<meta charset="UTF-8" />',
        (charset) => `${charset}\n    <link rel="preload" as="image" href="${src}" fetchpriority="high" />`,
      );
    return { status: page.status, html: await decorate(url, html) };
  };
}
