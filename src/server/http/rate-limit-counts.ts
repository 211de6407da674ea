import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Every count in Redis lives under this prefix. */
export const redisNamespace = 'hh-rate-limit:';
/** How long one count may wait for Redis before it is counted in the process instead. */
const redisWaitMs = 500;
/** Reconnect attempts come this often at most once Redis is gone, so counting returns to it about a second after it answers. */
const reconnectCapMs = 1000;
/** While Redis stays unreachable, one line this often says so (with how many attempts failed), not one per attempt. */
const summaryEveryMs = 60_000;
/** Keys counted in the process at most; the least recently counted go first. */
const processCapacity = 10_000;

interface Count {
  current: number;
  /** Milliseconds until the count starts again from zero. */
  ttl: number;
}

/** Fixed-window counts in this process: the whole count without REDIS_URL, and the fallback while Redis is unreachable. */
class ProcessCounts {
  private readonly entries = new Map<string, { current: number; resetAt: number }>();

  incr(key: string, timeWindow: number): Count {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) entry = { current: 0, resetAt: now + timeWindow };
    entry.current += 1;
    // Kept in order of last use, so the keys dropped when full are the ones nobody is counting now.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > processCapacity) this.shrink(now);
    return { current: entry.current, ttl: entry.resetAt - now };
  }

  /** The live count for a key, without counting. */
  peek(key: string): Count | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = Date.now();
    if (entry.resetAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return { current: entry.current, ttl: entry.resetAt - now };
  }

  private shrink(now: number) {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= processCapacity * 0.9) break;
      this.entries.delete(key);
    }
  }
}

// INCR and the window's expiry in one step; a key that somehow lost its expiry gets it back rather
// than blocking for ever.
const countScript = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type CountingRedis = Redis & { hhRateLimitCount(key: string, timeWindow: number): Promise<[number, number]> };

interface Outage {
  since: number;
  /** Failed connection attempts and calls since the outage began. */
  failures: number;
  failuresSinceSummary: number;
  lastReason: string;
  /** Calls counted in the process meanwhile. */
  localCalls: number;
  summary: NodeJS.Timeout;
}

/**
 * Rate-limit counts in Redis while it answers and in this process while it does not, decided call by
 * call: the app neither waits for Redis to start nor fails a request because Redis is gone or stalled.
 * A call waits at most half a second for Redis. Calls counted here during an outage still count, once
 * Redis is back, until their window ends.
 */
export class RateLimitCounts {
  private readonly local = new ProcessCounts();
  private readonly redis: CountingRedis | undefined;
  private outage: Outage | undefined;
  private everReady = false;
  /** Settles when the first connection attempt has an outcome, either way. */
  private readonly firstOutcome: Promise<void>;

  constructor(
    redisUrl: string | undefined,
    private readonly log: FastifyBaseLogger,
  ) {
    if (!redisUrl) {
      this.firstOutcome = Promise.resolve();
      return;
    }
    const redis = new Redis(redisUrl, {
      // Connects in the background; a call made before it is ready is counted in the process.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // A call counted in the process must not reach Redis later as well.
      autoResendUnfulfilledCommands: false,
      commandTimeout: redisWaitMs,
      // A connection that stops answering is dropped and made again, rather than kept while calls time out one by one.
      socketTimeout: redisWaitMs,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 100, reconnectCapMs),
    }) as CountingRedis;
    redis.defineCommand('hhRateLimitCount', { numberOfKeys: 1, lua: countScript });
    this.redis = redis;
    this.firstOutcome = new Promise((resolve) => {
      redis.once('ready', () => resolve());
      redis.once('error', () => resolve());
    });
    // Every failure reaches the app's log through here (never the library's own "unhandled error" output).
    redis.on('error', (err: Error) => this.failed(err.message));
    redis.on('ready', () => {
      this.everReady = true;
      this.answered();
    });
  }

  async count(key: string, timeWindow: number): Promise<Count> {
    const redis = this.redis;
    // Just after start, a call waits for the first connection (as long as it would wait for a count).
    if (redis && !this.everReady && !this.outage) await this.firstConnection();
    if (redis?.status === 'ready') {
      try {
        const [current, ttl] = await redis.hhRateLimitCount(redisNamespace + key, timeWindow);
        this.answered();
        const counted = this.local.peek(key);
        return counted ? { current: current + counted.current, ttl: Math.max(ttl, counted.ttl) } : { current, ttl };
      } catch (err) {
        this.failed(err instanceof Error ? err.message : String(err));
      }
    } else if (redis && this.everReady && !this.outage) {
      this.failed(`the connection to Redis is ${redis.status}`);
    }
    if (this.outage) this.outage.localCalls += 1;
    return this.local.incr(key, timeWindow);
  }

  /** The live count for a key without counting: undefined when nothing was counted in its window. */
  async peek(key: string): Promise<Count | undefined> {
    const local = this.local.peek(key);
    const redis = this.redis;
    if (redis?.status !== 'ready' || this.outage) return local;
    try {
      const [current, ttl] = await Promise.all([redis.get(redisNamespace + key), redis.pttl(redisNamespace + key)]);
      this.answered();
      if (current === null || ttl <= 0) return local;
      const counted = { current: Number(current), ttl };
      return local ? { current: counted.current + local.current, ttl: Math.max(counted.ttl, local.ttl) } : counted;
    } catch (err) {
      this.failed(err instanceof Error ? err.message : String(err));
      return local;
    }
  }

  /** For the health answer: undefined without REDIS_URL. */
  async redisState(): Promise<'ok' | 'unavailable' | undefined> {
    if (!this.redis) return undefined;
    await this.firstConnection();
    return this.redis.status === 'ready' && !this.outage ? 'ok' : 'unavailable';
  }

  /** Until the first connection attempt has an outcome, either way, or half a second has passed. */
  private async firstConnection() {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.firstOutcome, new Promise((resolve) => (timer = setTimeout(resolve, redisWaitMs)))]);
    clearTimeout(timer);
  }

  async close() {
    if (this.outage) clearInterval(this.outage.summary);
    const redis = this.redis;
    if (!redis) return;
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  }

  private failed(reason: string) {
    const outage = this.outage;
    if (outage) {
      outage.failures += 1;
      outage.failuresSinceSummary += 1;
      outage.lastReason = reason;
      return;
    }
    const summary = setInterval(() => this.summarise(), summaryEveryMs);
    summary.unref();
    this.outage = { since: Date.now(), failures: 1, failuresSinceSummary: 0, lastReason: reason, localCalls: 0, summary };
    this.log.warn({ reason }, 'rate limits counted in this process while Redis is unreachable');
  }

  private summarise() {
    const outage = this.outage;
    if (!outage) return;
    this.log.warn(
      {
        outageMs: Date.now() - outage.since,
        failedAttempts: outage.failuresSinceSummary,
        lastReason: outage.lastReason,
        localCalls: outage.localCalls,
      },
      'Redis still unreachable: rate limits still counted in this process',
    );
    outage.failuresSinceSummary = 0;
  }

  private answered() {
    const outage = this.outage;
    if (!outage) return;
    clearInterval(outage.summary);
    this.outage = undefined;
    this.log.info(
      { outageMs: Date.now() - outage.since, failedAttempts: outage.failures, localCalls: outage.localCalls },
      'Redis answers again: rate limits counted in Redis',
    );
  }
}

/** The store @fastify/rate-limit counts with: `counts` for every limit, each route's keys apart. */
export function storeFor(counts: RateLimitCounts): FastifyRateLimitStoreCtor {
  class Store implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow: number) {
      counts.count(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      const options = routeOptions as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
        routeInfo?: { method?: unknown; url?: string };
      };
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('The rate-limit store counts fixed windows only (no continueExceeding or exponentialBackoff)');
      }
      const url = options.routeInfo?.url;
      return new Store(undefined, url ? `${String(options.routeInfo?.method)}${url}-` : '');
    }
  }
  return Store;
}
