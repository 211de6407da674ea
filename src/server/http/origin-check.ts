import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The session cookie, plain or `__Secure-` (over https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** The origin (scheme, host and port) of an address, or undefined for anything else (including `null`). */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a state-changing call may go on. Browsers send Origin with every such call, and it must be
 * this app's public address (PUBLIC_URL: scheme, host and port; never the Host header, which the
 * caller chooses). A call carrying the session cookie but no Origin is refused unless the browser
 * says, through `Sec-Fetch-Site`, that it came from this site or from the person (an address typed).
 * A call with neither Origin nor the cookie (an API client with a bearer token, a server such as
 * Stripe's notifications, a script) carries no ambient credentials, so another site cannot make it.
 */
export function originAllows(request: FastifyRequest, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.origin;
  if (origin !== undefined) return originOf(origin) === publicOrigin;
  if (!SESSION_COOKIE.test(request.headers.cookie ?? '')) return true;
  const site = request.headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}

export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!originAllows(request, publicOrigin)) throw new AppError('forbidden', 'This request came from another site and was refused');
  });
}
