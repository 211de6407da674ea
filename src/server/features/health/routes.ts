import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../../shared/health.ts';
import { AppError } from '../../errors.ts';
import { errorResponses, tagged } from '../../http/api-docs.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Site'));

  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        summary: 'Whether the app is up and its database answers',
        description: 'With REDIS_URL, also whether Redis answers; the app works without it, so this stays 200 either way.',
        response: { 200: healthSchema, ...errorResponses({ 503: 'The database is not answering.' }) },
      },
    },
    async (request) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (err) {
        request.log.warn({ err }, 'database did not answer the health check');
        throw new AppError('unavailable', 'The database is not answering');
      }
      const redis = await app.redisState();
      return { status: 'ok' as const, database: app.dbKind, ...(redis ? { redis } : {}) };
    },
  );
};
