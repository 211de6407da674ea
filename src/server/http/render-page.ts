import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../shared/language.ts';
import type { RenderedPage } from '../../shared/rendered-page.ts';
import { wordsFor } from '../words.ts';
import { earlyInputScriptTag } from './early-input.ts';

/** A page's HTML as the server sends it to everyone who asks for that URL. */
export interface RenderedHtml {
  status: number;
  html: string;
}

export type RenderPage = (url: string, language: Language) => Promise<RenderedHtml>;

/** A page as the server bundle draws it (src/web/entry-server.tsx). */
export type DrawnPage = RenderedPage;

/** What the server bundle (src/web/entry-server.tsx, built into dist/ssr) exports. */
export interface ServerEntry {
  createRenderer(answer: (path: string) => Promise<Response>, origin: string): (url: string, language: Language) => Promise<DrawnPage>;
  /** The routes it draws, each with its loader (the data its page reads). */
  routes: { loader?: unknown }[];
}

/** Loads the built server bundle. */
export async function loadServerEntry(entryFile: string): Promise<ServerEntry> {
  return (await import(pathToFileURL(entryFile).href)) as ServerEntry;
}

/**
 * A page's API calls answered in-process by `app.inject`, without a cookie: the HTML is a function of
 * the URL and the database only.
 */
export function answerInProcess(app: FastifyInstance) {
  return async (apiPath: string) => {
    const res = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } });
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.payload, {
      status: res.statusCode,
      // The list's total comes in a header: without it the page would count only the first page.
      headers: {
        'content-type': String(res.headers['content-type'] ?? 'application/json'),
        ...(res.headers['x-total-count'] === undefined ? {} : { 'x-total-count': String(res.headers['x-total-count']) }),
      },
    });
  };
}

/** An entry of Vite's build manifest (dist/web/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
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

/**
 * What the entry (src/web/main.tsx) imports, step by step, once the page is shown: React, the libraries,
 * the app. Their code and styles go with every page.
 */
const startUpModules = (manifest: Record<string, ManifestChunk>) => manifest['index.html']?.dynamicImports ?? [];

/**
 * A picture of the app's own (under /images/) at most this big comes inside the page that shows it
 * first, as Vite inlines small assets: it arrives with the HTML, so the page's largest paint needs no
 * second request (the demo's pictures are 6–11 kB drawings). Bigger ones, and uploaded ones, are
 * preloaded instead.
 */
const INLINE_PICTURE_BYTES = 12 * 1024;
const pictureTypes: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp' };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A small picture of the web app's own as a data: URL, or null (bigger, uploaded, or not there). */
function inlinePicture(root: string, src: string, kept: Map<string, string | null>): string | null {
  if (kept.has(src)) return kept.get(src) ?? null;
  let inlined: string | null = null;
  const file = path.join(root, src);
  const type = pictureTypes[path.extname(src).toLowerCase()];
  if (
    src.startsWith('/images/') &&
    type &&
    file.startsWith(root + path.sep) &&
    existsSync(file) &&
    statSync(file).size <= INLINE_PICTURE_BYTES
  ) {
    const bytes = readFileSync(file);
    // A drawing as text compresses with the page; anything else as base64.
    inlined =
      type === 'image/svg+xml'
        ? `data:${type},${encodeURIComponent(bytes.toString('utf8')).replace(/%20/g, ' ').replace(/%2F/g, '/').replace(/%3A/g, ':').replace(/%3D/g, '=')}`
        : `data:${type};base64,${bytes.toString('base64')}`;
  }
  kept.set(src, inlined);
  return inlined;
}

/** JSON inside <script type="application/json">: no `<` may close the element early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page as its readers' language marks it: `<html lang="bn">`, which screen readers and fonts follow,
 * index.html's own words (the description, the note for a browser without scripts) in that language, and
 * the web app manifest's address in it (a manifest is fetched without cookies).
 */
export function inLanguage(html: string, language: Language): string {
  const t = wordsFor(language, 'documents');
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/(<meta name="description" content=")[^"]*"/, (_, start: string) => `${start}${escapeAttribute(t('page.description'))}"`)
    .replace(/<noscript>[^<]*<\/noscript>/, () => `<noscript>${escapeAttribute(t('page.noscript'))}</noscript>`)
    .replace(/(<link rel="manifest" href="[^"?]*)[^"]*"/, (_, start: string) => `${start}?lang=${language}"`);
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The built server bundle beside the built web app (dist/web → dist/ssr), if it was built. */
export function serverEntryFor(webDir: string): string | null {
  const file = path.join(path.dirname(path.resolve(webDir)), 'ssr', 'entry-server.js');
  return existsSync(file) ? file : null;
}

/**
 * Renders any page path into index.html: the page's markup inside #root, the queries it was drawn from
 * (for the browser to take the page over without asking again), and the picture the page shows first
 * preloaded. Each API call the page makes is answered in-process (`answerInProcess`). `decorate` adds
 * per-page head tags (the event preview).
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
    // First in the head, before anything that could be clicked is drawn: what a person does before the
    // app has taken the page over waits for it (decision 042).
    .replace('<meta charset="UTF-8" />', (charset) => `${charset}\n    ${earlyInputScriptTag}`)
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"');
  const pictures = new Map<string, string | null>();
  const entry = await loadServerEntry(entryFile);
  // The site's own address, for what must be absolute in the page (the Google Calendar link's way back).
  const origin = new URL(app.config.publicUrl).origin;
  const render = entry.createRenderer(answerInProcess(app), origin);

  return async (url, language) => {
    const page = await render(url, language);
    // The page is still right (the browser fetches what it lacks), but slower to show than it should be.
    if (page.undeclared.length > 0)
      app.log.warn({ url, queries: page.undeclared }, "page drawn without data it reads: declare it in the route's pageData");
    if (page.unshared.length > 0)
      app.log.warn({ url, queries: page.unshared }, "a route's pageData fetched a query that is never part of the shared HTML");
    // No route redirects today; should one, the browser's router follows it from the plain page.
    if (page.redirect) return { status: 200, html: await decorate(url, inLanguage(index, language)) };
    // The app (loaded by the entry once the page is shown) and the page's own routes.
    const files = filesFor(manifest, [...startUpModules(manifest), ...page.modules]);
    const cssFiles = [...new Set([...entryCss, ...files.css])];
    const css = cssFiles.map(stylesheet).join('\n');
    // The same stylesheets by name, disabled (never fetched): the app's loader sees them and does not
    // fetch what the page already has when it loads a route's code.
    const written = cssFiles.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('\n    ');
    // Listed, not linked: the entry fetches them once the page is on the screen (src/web/main.tsx).
    const modules = files.js.filter((file) => !template.includes(`/${file}"`));
    const escaped = page.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    let html = inLanguage(page.title ? template.replace(/<title>[^<]*<\/title>/, () => `<title>${escaped}</title>`) : template, language)
      .replace('<!--page-styles-->', () => `<style>${css}</style>\n    ${written}`)
      .replace(
        ROOT,
        () =>
          `<div id="root">${page.html}</div>\n    <script type="application/json" id="page-state">${scriptJson(page.state)}</script>` +
          `\n    <script type="application/json" id="page-modules">${scriptJson(modules)}</script>` +
          `\n    <script type="application/json" id="page-words">${scriptJson(page.words)}</script>`,
      );
    // The first picture the page shows (the hero, an event's banner) comes inside the page when it is
    // small, and is otherwise fetched first of all.
    const first = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i.exec(html)?.[0];
    const src = first && /\bsrc="([^"]+)"/.exec(first)?.[1];
    const inlined = src ? inlinePicture(root, src, pictures) : null;
    if (first && src && inlined) {
      html = html
        .replace(first, () => first.replace(`src="${src}"`, () => `src="${inlined}"`))
        // React hints the browser to fetch a picture it draws with high priority: this one is here already.
        .replace(new RegExp(`<link rel="preload" as="image" href="${escapeRegExp(src)}"[^>]*>`, 'g'), '');
    } else if (src) {
      html = html.replace(
        '<meta charset="UTF-8" />',
        (charset) => `${charset}\n    <link rel="preload" as="image" href="${src}" fetchpriority="high" />`,
      );
    }
    return { status: page.status, html: await decorate(url, html) };
  };
}
