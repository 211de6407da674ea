import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackedUpSource, backedUpSource, contents, openFresh, schemaTables } from '../test/backup-fixture.ts';
import { freePort, processTimeout, root, startOnFreshDatabase, startServer, waitForHealth } from '../test/server-process.ts';
import { restoreDatabase } from './backup.ts';
import { checkBackupFile } from './backup-file.ts';
import { openDatabase } from './client.ts';

/** Every table of the data model: what a backup holds. */
/** Every table but the totals the triggers keep, which a backup leaves out. */
const tableCount = schemaTables.length;

/** `npm run backup` and `npm run restore` as people run them: child processes with the server's settings. */

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A command as people run it, in a child process with these settings (undefined: not set). */
async function run(command: string[], env: Record<string, string | undefined>): Promise<Run> {
  const merged = { ...process.env, ...env };
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  return { code: code as number | null, stdout, stderr };
}

/** The settings of an embedded install in `folder`, whichever database the suite runs on. */
const embeddedIn = (folder: string) => ({ DATA_DIR: folder, DATABASE_URL: undefined, REDIS_URL: undefined });

let source: BackedUpSource;
let work: string;
let backupFile: string;
let original: Record<string, string[]>;
const serverUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  source = await backedUpSource();
  ({ work, backupFile, original } = source);
}, 120_000);

afterAll(async () => {
  await source?.close();
});

describe('npm run backup and npm run restore', () => {
  it(
    "copy an install's folder into a new one through the commands, and refuse to restore over data",
    async () => {
      const folder = path.join(work, 'restored-by-command');
      const restored = await run(['npm', 'run', '--silent', 'restore', backupFile], embeddedIn(folder));
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(
        new RegExp(
          `^Restored ${tableCount} tables, [\\d,]+ rows from ${backupFile} \\(made [^)]+\\) into the embedded database in ${folder} in [\\d.]+ s\\.\\n$`,
        ),
      );

      const copy = path.join(work, 'copy-of-copy.jsonl.gz');
      const backedUp = await run(['npm', 'run', '--silent', 'backup', '--', copy], embeddedIn(folder));
      expect(backedUp.stderr).toBe('');
      expect(backedUp.code).toBe(0);
      expect(backedUp.stdout).toMatch(
        new RegExp(
          `^Backed up ${tableCount} tables, [\\d,]+ rows from the embedded database in ${folder} to ${copy} \\([\\d.]+ (kB|MB)\\) in [\\d.]+ s\\.\\n$`,
        ),
      );
      expect((await stat(copy)).mode & 0o777).toBe(0o600);

      const again = await run([process.execPath, 'scripts/restore.mjs', copy], embeddedIn(folder));
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^The database already holds data \(in account, .*\)\. A restore goes only into an empty database/);
      expect(again.stderr).toContain('Nothing was restored.');

      // What the commands wrote is the source, row for row.
      const restoredCopy = await openDatabase({ databaseUrl: undefined, dataDir: folder });
      try {
        expect(await contents(restoredCopy.db)).toEqual(original);
      } finally {
        await restoredCopy.close();
      }
      const target = await openFresh('embedded');
      try {
        await restoreDatabase(target.handle, await checkBackupFile(copy));
        expect(await contents(target.handle.db)).toEqual(original);
      } finally {
        await target.drop();
      }
    },
    processTimeout,
  );

  it(
    'refuses to back up a folder the running server has, naming the process and saying what to do',
    async () => {
      const folder = path.join(work, 'in-use');
      const port = await freePort();
      const server = startServer({ ...embeddedIn(folder), HOST: '127.0.0.1', PORT: String(port) });
      try {
        await waitForHealth(`http://127.0.0.1:${port}/api/health`, server.exited);
        const file = path.join(work, 'while-running.jsonl.gz');
        const refused = await run([process.execPath, 'scripts/backup.mjs', file], embeddedIn(folder));
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`The data folder ${folder} is in use by process ${server.child.pid}, and an embedded database`);
        expect(refused.stderr).toContain(
          'Stop the server for the few seconds a backup takes, run `npm run backup`, then start the server again.',
        );
        expect(refused.stderr).toContain('A PostgreSQL server (DATABASE_URL) can be backed up while the app runs.');
        expect(refused.stderr).not.toMatch(/at .*\.ts:\d+/);
        expect(existsSync(file)).toBe(false);
        // The server never noticed.
        expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      } finally {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    },
    processTimeout,
  );

  it('refuses a damaged file before it opens the database, so a new folder is not even made', async () => {
    const bytes = readFileSync(backupFile);
    const cut = path.join(work, 'cut.jsonl.gz');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const folder = path.join(work, 'never-made');
    const refused = await run([process.execPath, 'scripts/restore.mjs', cut], embeddedIn(folder));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `${cut} is not a complete Helping Hands backup: it is damaged or cut short (unexpected end of file).\nNothing was restored.\n`,
    );
    expect(existsSync(folder)).toBe(false);
  });

  it('says where the database should be when DATA_DIR has none, and creates nothing', async () => {
    const folder = path.join(work, 'no-database-here');
    const refused = await run([process.execPath, 'scripts/backup.mjs', path.join(work, 'none.jsonl.gz')], embeddedIn(folder));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`There is no database in ${folder}: set DATA_DIR to the folder the server uses`);
    expect(existsSync(folder)).toBe(false);
  });

  // Only where the suite runs on a PostgreSQL server (the second pass of .ci/run).
  if (serverUrl) {
    it(
      'backs up a PostgreSQL server while the app runs on it',
      async () => {
        const { server, origin, databaseUrl, stop } = await startOnFreshDatabase({ SEED_DEMO: 'true' });
        try {
          await waitForHealth(`${origin}/api/health`, server.exited);
          const file = path.join(work, 'live.jsonl.gz');
          const backedUp = await run([process.execPath, 'scripts/backup.mjs', file], { DATABASE_URL: databaseUrl });
          expect(backedUp.stderr).toBe('');
          expect(backedUp.code).toBe(0);
          expect(backedUp.stdout).toContain(`from the database ${databaseUrl} to ${file}`);
          const checked = await checkBackupFile(file);
          expect(checked.header.tables.find((t) => t.name === 'event')?.rows).toBeGreaterThan(0);
          expect((await fetch(`${origin}/api/health`)).status).toBe(200);
        } finally {
          await stop();
        }
      },
      processTimeout,
    );
  }
});
