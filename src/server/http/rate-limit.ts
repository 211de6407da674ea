import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { RateLimitCounts, storeFor } from './rate-limit-counts.ts';

/**
 * Rate limits, counted in Redis when REDIS_URL is set (so several instances share the counts) and
 * in the process otherwise, or while Redis is unreachable (docs/decisions/011-redis-outage.md).
 * Nothing is limited globally; routes ask for a limit with `app.rateLimit`.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined) {
  const counts = new RateLimitCounts(redisUrl, app.log);
  app.addHook('onClose', () => counts.close());
  app.decorate('redisState', () => counts.redisState());
  app.decorate('rateLimitCounts', counts);
  await app.register(fastifyRateLimit, {
    global: false,
    store: storeFor(counts),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many attempts. Please wait ${context.after} and try again.`),
  });
}
