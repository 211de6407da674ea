import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { backupDatabase, backupSchemaLevel, defaultBackupFile, restoreDatabase } from './backup.ts';
import { BackupError, checkBackupFile } from './backup-file.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { DataDirInUse } from './data-dir-lock.ts';

/**
 * `npm run backup [FILE]` and `npm run restore FILE` (scripts/backup.mjs, scripts/restore.mjs): the same
 * settings as the server (DATA_DIR or DATABASE_URL), one line when it worked, a message and exit code 1
 * when it did not.
 */

interface Output {
  out(line: string): void;
  error(line: string): void;
}

const consoleOutput: Output = { out: (line) => console.log(line), error: (line) => console.error(line) };

function where(config: Config): string {
  if (!config.databaseUrl) return `the embedded database in ${path.resolve(config.dataDir)}`;
  const url = new URL(config.databaseUrl);
  url.password = '';
  return `the database ${url.toString()}`;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The whole command's time, opening the database included: how long a stopped server waits. */
const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const count = (n: number, what: string) => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;

/** Runs a command; the errors people can act on become a message, anything else is reported as it is. */
async function run(output: Output, body: () => Promise<void>): Promise<number> {
  try {
    await body();
    return 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof BackupError) output.error(error.message);
    else output.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  }
}

const backupUsage = 'Usage: npm run backup [-- FILE]   (default: backups/helping-hands-YYYYMMDD-HHMMSS.jsonl.gz, UTC)';
const restoreUsage = 'Usage: npm run restore FILE   (into an empty database: a new DATA_DIR folder, or a new database with DATABASE_URL)';
const asksForHelp = (args: string[]) => args.length === 1 && ['-h', '--help'].includes(args[0] ?? '');

export async function backupCommand(args: string[], output: Output = consoleOutput): Promise<number> {
  if (asksForHelp(args)) {
    output.out(backupUsage);
    return 0;
  }
  if (args.length > 1 || args[0]?.startsWith('-')) {
    output.error(backupUsage);
    return 1;
  }
  return run(output, async () => {
    const config = loadConfig();
    if (!config.databaseUrl) {
      if (config.dataDir.startsWith('memory://'))
        throw new BackupError('DATA_DIR is memory://: that database lives only inside its process.');
      // Opening an empty folder would create a database there: say where the real one should be instead.
      if (!existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
        throw new BackupError(
          `There is no database in ${path.resolve(config.dataDir)}: set DATA_DIR to the folder the server uses (or DATABASE_URL to its server).`,
        );
      }
    }
    const started = performance.now();
    const file = args[0] ?? defaultBackupFile();
    const handle = await open(config, 'backup');
    try {
      const summary = await backupDatabase(handle, file);
      output.out(
        `Backed up ${count(summary.tables, 'table')}, ${count(summary.rows, 'row')} from ${where(config)} ` +
          `to ${file} (${size(summary.bytes)}) in ${seconds(started)}.`,
      );
    } finally {
      await handle.close();
    }
  });
}

export async function restoreCommand(args: string[], output: Output = consoleOutput): Promise<number> {
  const [file] = args;
  if (asksForHelp(args)) {
    output.out(restoreUsage);
    return 0;
  }
  if (args.length !== 1 || !file || file.startsWith('-')) {
    output.error(restoreUsage);
    return 1;
  }
  return run(output, async () => {
    const started = performance.now();
    const config = loadConfig();
    if (!config.databaseUrl && config.dataDir.startsWith('memory://')) {
      throw new BackupError('DATA_DIR is memory://: a database restored there would be gone when this command ends.');
    }
    // The whole file is read and checked before the database is opened: a damaged one changes nothing.
    const backup = await checkBackupFile(file)
      .then((checked) => {
        backupSchemaLevel(checked.header);
        return checked;
      })
      .catch(nothingRestored);
    const handle = await open(config, 'restore').catch(nothingRestored);
    try {
      const summary = await restoreDatabase(handle, backup).catch(nothingRestored);
      output.out(
        `Restored ${count(summary.tables, 'table')}, ${count(summary.rows, 'row')} from ${file} (made ${backup.header.createdAt}) ` +
          `into ${where(config)} in ${seconds(started)}.`,
      );
    } finally {
      await handle.close();
    }
  });
}

function nothingRestored(error: unknown): never {
  if (error instanceof BackupError) throw new BackupError(`${error.message}\nNothing was restored.`);
  throw error;
}

async function open(config: Config, purpose: 'backup' | 'restore'): Promise<DatabaseHandle> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    const folder = path.resolve(error.dataDir);
    throw new BackupError(
      purpose === 'backup'
        ? `The data folder ${folder} is in use by process ${error.pid}, and an embedded database can be open in one process ` +
            'only. Stop the server for the few seconds a backup takes, run `npm run backup`, then start the server again. ' +
            'A PostgreSQL server (DATABASE_URL) can be backed up while the app runs.'
        : `The data folder ${folder} is in use by process ${error.pid}. Restore into a new, empty DATA_DIR folder instead, ` +
            'then start the server on that folder.',
    );
  }
}
