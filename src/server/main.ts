import { pino } from 'pino';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DataDirInUse } from './db/data-dir-lock.ts';
import { loggerOptions } from './http/logger.ts';

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
