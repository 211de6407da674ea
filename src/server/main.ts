import cluster from 'node:cluster';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DataDirInUse } from './db/data-dir-lock.ts';
import { announceStartNotes } from './features/setup/start-notes.ts';
import { loggerOptions } from './http/logger.ts';

/** How long a stop may wait for requests in flight before it closes their connections. */
const STOP_DEADLINE_MS = 8_000;

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (config.webConcurrency > 1 && cluster.isPrimary) return runWorkers(config);
  // Set once the app is built: how it stops, with the exit code the process ends with.
  let stop: ((reason: string, exitCode?: number) => Promise<void>) | undefined;
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config, {
      // The embedded database's thread is gone (decision 046): nothing can be answered but 503, so the
      // process ends with an error and its manager (systemd, Docker, the cluster primary) starts it again.
      onDatabaseLost: () => (stop ? void stop('database lost', 1) : process.exit(1)),
    });
  } catch (err) {
    if (err instanceof DataDirInUse) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  stop = stopping(app);
  process.on('SIGTERM', () => void stop?.('SIGTERM'));
  process.on('SIGINT', () => void stop?.('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Once per start: the first of several server processes speaks for all (they share the database).
  if (cluster.isPrimary || cluster.worker?.id === 1) {
    try {
      await announceStartNotes(app, process.stderr);
    } catch (err) {
      app.log.warn({ err }, 'could not say what the install still lacks');
    }
  }
}

/** Stops the app once, finishing the requests in flight, then ends the process with `exitCode`. */
function stopping(app: Awaited<ReturnType<typeof buildApp>>) {
  let stopped = false;
  return async (reason: string, exitCode = 0) => {
    if (stopped) return;
    stopped = true;
    app.log.info({ signal: reason }, 'stopping: finishing requests in flight');
    // A process manager waits about 10 s before it kills: whatever still holds the stop (a request
    // waiting on a stalled database) is cut off before then, so the stop is still orderly.
    const deadline = setTimeout(() => {
      app.log.warn({ waitedMs: STOP_DEADLINE_MS }, 'stopping: requests still unfinished, closing their connections');
      app.server.closeAllConnections();
      setTimeout(() => process.exit(1), 500).unref();
    }, STOP_DEADLINE_MS);
    deadline.unref();
    try {
      await app.close();
      process.exit(exitCode);
    } catch (err) {
      app.log.error({ err }, 'could not stop cleanly');
      process.exit(1);
    }
  };
}

/** A worker that stops on its own this many times within a minute is not started again: the server stops. */
const MAX_RESTARTS_PER_MINUTE = 5;

/**
 * `WEB_CONCURRENCY=N` (with DATABASE_URL): this process starts N server processes sharing the port
 * (node:cluster), starts one again if it stops on its own, and on SIGTERM or SIGINT passes the signal to
 * each and exits once all have stopped. Each is a whole instance, as behind a load balancer: the database
 * announces changes to all (reply-cache.ts), and limits are shared when REDIS_URL is set.
 */
function runWorkers(config: Config) {
  const log = pino(loggerOptions(config));
  let stopping = false;
  const restarts: number[] = [];
  for (let i = 0; i < config.webConcurrency; i++) cluster.fork();
  log.info({ workers: config.webConcurrency }, 'started server processes');
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && (restarts[0] ?? now) < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      log.fatal({ code, signal }, 'server processes keep stopping: stopping the server');
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      setTimeout(() => process.exit(1), STOP_DEADLINE_MS + 1_000).unref();
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a server process stopped: starting another');
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: each server process finishes its requests in flight');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // Each has its own deadline; this one only makes sure the primary goes too.
    setTimeout(() => process.exit(1), STOP_DEADLINE_MS + 2_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  // As a log line like any other: a failed query's values (such as a new session secret) stay out.
  pino(loggerOptions({ logLevel: 'info' })).fatal({ err }, 'the server could not start');
  process.exit(1);
});
