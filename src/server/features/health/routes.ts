import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../../shared/health.ts';
import { errorResponses, tagged } from '../../http/api-docs.ts';
import { databaseUnavailable, withTimeout } from '../../http/outage.ts';

/** A load balancer's check must get an answer, whatever the database does: within 2 s, with margin. */
const HEALTH_TIMEOUT_MS = 1_500;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let inFlight: Promise<unknown> | undefined;
  app.addHook('onRoute', tagged('Site'));

  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        summary: 'Whether the app is up and its database answers',
        description: 'With REDIS_URL, also whether Redis answers; the app works without it, so this stays 200 either way.',
        response: {
          200: healthSchema,
          ...errorResponses({ 503: 'The database is not answering (within 1.5 s); `Retry-After` says when to try again.' }),
        },
      },
    },
    async () => {
      // One check at a time, whatever the number of callers: a stalled database must not collect a
      // pile of waiting health queries.
      inFlight ??= withTimeout(app.db.execute(sql`select 1`), HEALTH_TIMEOUT_MS, 'the database').finally(() => {
        inFlight = undefined;
      });
      try {
        await inFlight;
      } catch (err) {
        app.databaseOutage.failed(err);
        throw databaseUnavailable();
      }
      app.databaseOutage.answered();
      const redis = await app.redisState();
      return { status: 'ok' as const, database: app.dbKind, ...(redis ? { redis } : {}) };
    },
  );
};
