import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../errors.ts';

/**
 * Rate limits, counted in Redis when REDIS_URL is set (so several instances share the counts) and
 * in the process otherwise. Nothing is limited globally; routes ask for a limit with `app.rateLimit`.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined) {
  const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
  if (redis) {
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'hh-rate-limit:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many attempts. Please wait ${context.after} and try again.`),
  });
}
