import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { ErrorBody } from '../../shared/errors.ts';
import { RETRY_AFTER_SECONDS } from './outage.ts';

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
 * One log line per request, when it is answered ('request completed': method, address with secret
 * query values scrubbed, status, time), instead of a line when it arrives and another when it ends.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
