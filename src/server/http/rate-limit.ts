import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { RateLimitCounts, storeFor } from './rate-limit-counts.ts';

/**
 * The client as limits count it: an IPv4 address as it is, an IPv6 address by its /64 network (one
 * household or server is usually given a whole /64, so counting single addresses would let it try
 * 2^64 times over).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

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
    keyGenerator: (request) => addressKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many attempts. Please wait ${context.after} and try again.`),
  });
}
