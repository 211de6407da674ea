import { AsyncLocalStorage } from 'node:async_hooks';
import type { BetterAuthOptions } from 'better-auth';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger, LoggerOptions } from 'pino';
import type { Config } from '../config.ts';
import { REDACTED, scrubForLog, scrubText, scrubUrl } from './log-scrub.ts';

/** Headers whose values let someone act as the sender (or hold what the server gave them to do so). */
const secretHeaders = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'set-auth-token', 'x-api-key', 'stripe-signature'];

/**
 * The server's log: one JSON object a line, with no secret in it. Headers are not logged, and where
 * anything logs them they are censored; an error is logged through the scrubber (no query values, no
 * token in its text or its causes); every message is scrubbed too.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: {
      paths: secretHeaders.flatMap((name) => [`headers["${name}"]`, `*.headers["${name}"]`]),
      censor: REDACTED,
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: scrubUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: scrubForLog,
    },
    hooks: {
      logMethod(args, method) {
        const scrubbed: unknown[] = args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg));
        // Without a message of its own, a line takes its error's message: scrubbed first.
        const [first] = scrubbed;
        if (scrubbed.length === 1 && first instanceof Error) scrubbed.push(scrubText(first.message));
        else if (scrubbed.length === 1 && first && typeof first === 'object') {
          const { err, msg } = first as { err?: unknown; msg?: unknown };
          if (err instanceof Error && msg === undefined) scrubbed.push(scrubText(err.message));
        }
        return method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
}

type LogCall = (...args: unknown[]) => void;

/**
 * A request's logger, made the first time the request logs at a level that is written. Most requests
 * write nothing (the one line per request is at info, and the bench and busy sites log at warn), and
 * making a child logger for each (its bindings serialised and scrubbed) costs more than answering a
 * reply kept in memory.
 */
class RequestLog {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: Logger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #log(): FastifyBaseLogger {
    this.#made ??= this.#parent.child(this.#bindings, this.#options);
    return this.#made;
  }

  #write(level: Level, args: unknown[]) {
    if (this.#made || this.#parent.isLevelEnabled(level)) (this.#log[level] as LogCall)(...args);
  }

  get level() {
    return this.#made?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#log.level = level;
  }
  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.#log.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made only when it writes (see RequestLog). */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  // A route with its own level gets its logger at once: the level is the child's, not the server's.
  if (options.level !== undefined) return logger.child(bindings, options);
  return new RequestLog(logger as Logger, bindings, options) as unknown as FastifyBaseLogger;
}

const requestLogs = new AsyncLocalStorage<FastifyBaseLogger>();

/** Runs a call into the sign-in library so that what it logs carries this request's id. */
export function withRequestLog<T>(log: FastifyBaseLogger, call: () => T): T {
  return requestLogs.run(log, call);
}

type AuthLogger = NonNullable<BetterAuthOptions['logger']>;

const authLevels: Record<string, AuthLogger['level']> = { fatal: 'error', error: 'error', warn: 'warn', info: 'info' };

/**
 * The sign-in library's logger, writing into the server's log (it would otherwise print coloured text
 * to the console): its message and any error go through the same scrubbing, with the id of the request
 * it was serving when there is one.
 */
export function authLogger(log: FastifyBaseLogger): AuthLogger {
  return {
    disabled: log.level === 'silent',
    level: authLevels[log.level] ?? 'debug',
    log(level, message, ...args) {
      const target = requestLogs.getStore() ?? log;
      // The library sometimes logs an error in place of a message.
      const all: unknown[] = typeof message === 'string' ? args : [message, ...args];
      const err = all.find((arg) => arg instanceof Error);
      const details = all.filter((arg) => arg !== err);
      const fields = {
        source: 'better-auth',
        ...(err ? { err } : {}),
        ...(details.length ? { details: scrubForLog(details) } : {}),
      };
      target[level](fields, typeof message === 'string' ? message : 'sign-in library error');
    },
  };
}
