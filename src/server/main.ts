import { pino } from 'pino';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DataDirInUse } from './db/data-dir-lock.ts';
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
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
  } catch (err) {
    if (err instanceof DataDirInUse) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
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
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'could not stop cleanly');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  // As a log line like any other: a failed query's values (such as a new session secret) stay out.
  pino(loggerOptions({ logLevel: 'info' })).fatal({ err }, 'the server could not start');
  process.exit(1);
});
