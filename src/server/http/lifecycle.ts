import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { ErrorBody } from '../../shared/errors.ts';
import { RETRY_AFTER_SECONDS } from './outage.ts';

/**
 * A connection idle this long when stopping is closed; one that finished a reply more recently may
 * already have its client's next request on the way, so it gets this long for that request to arrive.
 */
const IDLE_GRACE_MS = 500;

/**
 * Stopping without dropping anyone. From the moment the app starts closing:
 * - every reply says `Connection: close`, so a keep-alive client opens its next request elsewhere;
 * - a request that arrives on an open connection is answered 503 with `Retry-After` (in the product's
 *   error format), never reset;
 * - idle connections are closed at once (those busy a moment ago after a short grace, so a request
 *   already on its way is answered rather than reset), and each busy one as soon as its reply is sent,
 *   rather than waiting out the keep-alive timeout.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  let reaper: NodeJS.Timeout | undefined;
  const connections = new Map<Socket, { busy: number; lastActive: number }>();

  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, lastActive: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.busy += 1;
    connection.lastActive = Date.now();
    response.once('close', () => {
      connection.busy -= 1;
      connection.lastActive = Date.now();
    });
  });
  const closeIdle = () => {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      if (connection.busy === 0 && now - connection.lastActive >= IDLE_GRACE_MS) socket.destroy();
    }
  };

  app.addHook('preClose', async () => {
    closing = true;
    // Node closes every idle connection at once when the server closes, a request on its way included:
    // this app does it itself, with the grace above.
    app.server.closeIdleConnections = () => {};
    closeIdle();
    reaper = setInterval(closeIdle, 50);
    reaper.unref();
  });
  app.addHook('onClose', async () => clearInterval(reaper));

  // Callback hooks: they run on every request, and most of the time have nothing to do.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    const body: ErrorBody = { error: { code: 'unavailable', message: 'The server is restarting. Please try again in a moment.' } };
    void reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).header('Connection', 'close').send(body);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
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
