import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../shared/errors.ts';
import { RETRY_AFTER_SECONDS } from './outage.ts';

/** Slow clients: the headers must arrive within this, and the whole request (body too) within that. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Stopping without dropping anyone. From the moment the app starts closing:
 * - every reply says `Connection: close`, so a keep-alive client opens its next request elsewhere;
 * - a request that arrives on an open connection is answered 503 with `Retry-After` (in the product's
 *   error format), never reset;
 * - idle connections are closed at once, and again as each busy one finishes, rather than waiting out
 *   the keep-alive timeout.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  let reaper: NodeJS.Timeout | undefined;

  app.addHook('preClose', async () => {
    closing = true;
    app.server.closeIdleConnections();
    reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    reaper.unref();
  });
  app.addHook('onClose', async () => clearInterval(reaper));

  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    const body: ErrorBody = { error: { code: 'unavailable', message: 'The server is restarting. Please try again in a moment.' } };
    return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).header('Connection', 'close').send(body);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
}

/**
 * One log line per request, when it is answered: method, path (without the query, which may carry a
 * token), status and time. A 5xx is logged by the error handler too, with its cause.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}
