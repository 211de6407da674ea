import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountLimit, DownloadLimit, Limits } from '../config.ts';
import { AppError } from '../errors.ts';
import type { RateLimitCounts } from './rate-limit-counts.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** "40 seconds", "1 minute", "12 minutes": how long to wait, in words. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * One fixed-window limit, counted with the rate limits' counts (Redis when REDIS_URL is set): past
 * `max` calls in the window, the call is refused with 429 and `Retry-After` (whole seconds).
 */
export async function refuseOverLimit(
  counts: RateLimitCounts,
  reply: FastifyReply,
  limit: { key: string; max: number; windowMs: number; message: string },
) {
  const counted = await counts.count(limit.key, limit.windowMs);
  if (counted.current <= limit.max) return;
  const seconds = Math.max(1, Math.ceil(counted.ttl / 1000));
  reply.header('retry-after', String(seconds));
  throw new AppError('rate_limited', `${limit.message} Please wait ${waitInWords(seconds)} and try again.`);
}

const accountLimitWords: Record<AccountLimit, string> = {
  uploads: 'You have uploaded many pictures in the last hour.',
  reviews: 'You have written many reviews in the last hour.',
  registrations: 'You have registered for many events in the last hour.',
  paymentIntents: 'You have started many donations in the last hour.',
};

const downloadLimitWords: Record<DownloadLimit, string> = {
  ownData: 'You have downloaded your data many times in the last minute.',
  receipts: 'You have downloaded many receipts in the last minute.',
  certificates: 'You have downloaded many certificates in the last minute.',
};

/**
 * Writes a person makes by hand a few times an hour, limited per account so a script signed in as
 * one cannot flood the product (routes say which with `config: { accountLimit }`); and files made
 * for the account (its data, receipts, certificates), which take the server a while each, limited
 * per account and kind each minute (`config: { downloadLimit }`), so one account's loop cannot slow
 * everyone else. Checked before the body is read, after the session: a caller who is not signed in
 * is refused before this.
 */
export function registerAccountLimits(app: FastifyInstance, counts: RateLimitCounts, limits: Limits) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const { accountLimit, downloadLimit } = request.routeOptions.config;
    const account = request.account;
    if (!account) return;
    if (accountLimit) {
      await refuseOverLimit(counts, reply, {
        key: `account:${accountLimit}:${account.id}`,
        max: limits.perAccountHourly[accountLimit],
        windowMs: HOUR_MS,
        message: accountLimitWords[accountLimit],
      });
    }
    if (downloadLimit) {
      await refuseOverLimit(counts, reply, {
        key: `account:download:${downloadLimit}:${account.id}`,
        max: limits.downloadsPerMinute[downloadLimit],
        windowMs: MINUTE_MS,
        message: downloadLimitWords[downloadLimit],
      });
    }
  });
}
