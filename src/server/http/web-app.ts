import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { type PreparedPage, preparePage } from './page-reply.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built React app's files: hashed assets cached for a year (and sent as the .br or .gz file
 * the build wrote beside each, when the browser takes it), everything else revalidated. Returns the
 * page every page path is answered with (index.html, read and compressed once, here), or null when
 * there is no build, so the caller can say so.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<PreparedPage | null> {
  const root = path.resolve(webDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return null;
  const shell = preparePage(readFileSync(indexFile, 'utf8'));

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // `/` is a page like any other: the caller answers it, from memory.
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(root, filePath);
      if (relative.startsWith(`assets${path.sep}`)) {
        reply.header('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
      } else if (relative === 'index.html' || relative === 'checkin-sw.js') {
        // A service worker is checked for updates on each visit; the browser must not keep an old one.
        reply.header('Cache-Control', 'no-cache');
      } else {
        reply.header('Cache-Control', 'public, max-age=3600');
      }
    },
  });
  return shell;
}

/** A path the app may route: not the API, and not a file name (a missing asset stays a 404). */
export function isPagePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}
