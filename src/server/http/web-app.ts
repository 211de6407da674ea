import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built React app: hashed assets cached for a year, everything else revalidated, and
 * any page path (a deep link such as /eventDetails/…) answered with index.html so the app routes it.
 * Returns false when there is no build, so the caller can say so.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<boolean> {
  const root = path.resolve(webDir);
  if (!existsSync(path.join(root, 'index.html'))) return false;

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(root, filePath);
      if (relative.startsWith(`assets${path.sep}`)) {
        reply.header('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
      } else if (relative === 'index.html') {
        reply.header('Cache-Control', 'no-cache');
      } else {
        reply.header('Cache-Control', 'public, max-age=3600');
      }
    },
  });
  return true;
}

/** A path the app may route: not the API, and not a file name (a missing asset stays a 404). */
export function isPagePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}
