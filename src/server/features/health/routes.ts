import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import { healthSchema } from '../../../shared/health.ts';
import { AppError } from '../../errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { config: { public: true }, schema: { response: { 200: healthSchema, 503: errorBodySchema } } }, async (request) => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (err) {
      request.log.warn({ err }, 'database did not answer the health check');
      throw new AppError('unavailable', 'The database is not answering');
    }
    return { status: 'ok' as const, database: app.dbKind };
  });
};
