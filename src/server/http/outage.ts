import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors.ts';

/** Seconds a client is asked to wait before trying again while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

const unreachableErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

const unreachableMessages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /client has encountered a connection error/i,
  /connection ended unexpectedly/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /cannot use a pool after calling end/i,
];

/**
 * Whether a failure means the database could not be reached or did not answer in time (an outage)
 * rather than a fault in the request or the code: a connection refused, reset or timed out,
 * PostgreSQL's connection-exception and shutdown states, too many connections, a statement timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (unreachableErrnos.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-5]$/.test(code) || code === '53300' || code === '57014') return true;
    }
    if (typeof message === 'string' && unreachableMessages.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

export function databaseUnavailable() {
  return new AppError('unavailable', 'The database is not answering. Please try again in a moment.');
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`${what} did not answer within ${ms} ms`), { code: 'ETIMEDOUT' })), ms);
    }),
  ]);
}

/**
 * Knows whether the database is out, so an outage is logged as one event, not one line per failed
 * request: a line when it starts, a summary every `summaryMs` while it lasts, and a line when the
 * database answers again (checked every second in the background, so the end is seen even with no
 * traffic).
 */
export class DatabaseOutage {
  private since: number | undefined;
  private failures = 0;
  private lastSummary = 0;
  private timer: NodeJS.Timeout | undefined;
  private probing = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly check: () => Promise<unknown>,
    private readonly options = { probeMs: 1_000, probeTimeoutMs: 1_500, summaryMs: 10_000 },
  ) {}

  get active() {
    return this.since !== undefined;
  }

  /** A request failed because the database is unreachable. */
  failed(err: unknown) {
    this.failures += 1;
    if (this.since !== undefined) return;
    this.since = Date.now();
    this.lastSummary = this.since;
    this.failures = 1;
    this.log.error({ err }, 'database unreachable: answering 503 until it returns');
    this.timer = setInterval(() => void this.tick(), this.options.probeMs);
    this.timer.unref();
  }

  /**
   * For a failure that arrives without its cause (the sign-in library answers a plain 500): was it the
   * database? True during a known outage, or when the database does not answer a check now.
   */
  async explains(): Promise<boolean> {
    if (this.since !== undefined) return true;
    try {
      await withTimeout(this.check(), this.options.probeTimeoutMs, 'the database');
      return false;
    } catch (err) {
      this.failed(err);
      return true;
    }
  }

  /** The error to throw for a failure: the outage's 503 when the database explains it, else the failure itself. */
  async toThrow(err: unknown): Promise<unknown> {
    if (isDatabaseUnavailable(err)) {
      this.failed(err);
      return databaseUnavailable();
    }
    return (await this.explains()) ? databaseUnavailable() : err;
  }

  /** The database answered. */
  answered() {
    if (this.since === undefined) return;
    this.log.info(
      { outageSeconds: Math.round((Date.now() - this.since) / 1000), failedRequests: this.failures },
      'database answering again',
    );
    this.since = undefined;
    this.failures = 0;
    clearInterval(this.timer);
  }

  stop() {
    clearInterval(this.timer);
  }

  private async tick() {
    if (this.since === undefined || this.probing) return;
    if (Date.now() - this.lastSummary >= this.options.summaryMs) {
      this.lastSummary = Date.now();
      this.log.warn(
        { outageSeconds: Math.round((Date.now() - this.since) / 1000), failedRequests: this.failures },
        'database still unreachable',
      );
    }
    this.probing = true;
    try {
      await withTimeout(this.check(), this.options.probeTimeoutMs, 'the database');
      this.answered();
    } catch {
      // still out; the summary says so
    } finally {
      this.probing = false;
    }
  }
}
