import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing calls from another site are refused. Browsers send Origin with every such call;
 * it must be this app's public address or the host the request was sent to. Callers without
 * Origin (API clients with a bearer token, scripts) are not browsers and carry no ambient cookies.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (origin === publicOrigin || (host !== undefined && host === request.headers.host)) return;
    throw new AppError('forbidden', 'This request came from another site and was refused');
  });
}
