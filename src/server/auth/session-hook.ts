import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { roleSchema } from '../../shared/accounts.ts';
import { withRequestLog } from '../http/logger.ts';
import type { Auth } from './auth.ts';

/**
 * Reads the session once per API request (cookie or `Authorization: Bearer`), so every route and
 * guard knows the caller. A request with neither costs nothing.
 */
export function registerSessionHook(app: FastifyInstance, auth: Auth) {
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    if (!request.headers.cookie && !request.headers.authorization) return;
    // The sign-in library reads its own session on its own routes.
    if (request.url.startsWith('/api/auth/')) return;
    const found = await withRequestLog(request.log, () => auth.api.getSession({ headers: fromNodeHeaders(request.headers) })).catch(
      async (err: unknown) => {
        // The library reports a database failure as its own 500: an outage is a 503.
        throw await app.databaseOutage.toThrow(err);
      },
    );
    if (!found) return;
    const role = roleSchema.safeParse((found.user as { role?: unknown }).role);
    request.account = {
      id: found.user.id,
      email: found.user.email,
      name: found.user.name,
      image: found.user.image ?? null,
      role: role.success ? role.data : 'donator',
    };
  });
}
