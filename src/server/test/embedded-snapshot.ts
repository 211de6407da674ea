import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { migrationsFolder } from '../db/migrate.ts';

/**
 * A migrated, empty embedded database, dumped once and loaded by every test's fresh database:
 * booting an empty cluster costs seconds, loading a dump about one. The file's name carries a hash
 * of the migrations and the installed PGlite and drizzle-orm, so a new migration makes a new snapshot.
 */
const root = path.resolve(import.meta.dirname, '../../..');

function fingerprint(): string {
  const hash = createHash('sha256');
  // The database's own format, and the migrator's bookkeeping table, which the dump carries too.
  for (const name of ['@electric-sql/pglite', 'drizzle-orm']) {
    const manifest = JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
    hash.update(`${name}@${manifest.version}`);
  }
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

export const embeddedSnapshotPath = path.join(root, 'node_modules/.cache/helping-hands', `embedded-${fingerprint()}.tar`);

/** Makes the snapshot unless it is already there (the test runner's global setup calls this once). */
export async function ensureEmbeddedSnapshot(): Promise<void> {
  if (existsSync(embeddedSnapshotPath)) return;
  const database = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    await mkdir(path.dirname(embeddedSnapshotPath), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${embeddedSnapshotPath}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, embeddedSnapshotPath);
    // Snapshots of older migrations are of no more use (41 MB each).
    const folder = path.dirname(embeddedSnapshotPath);
    for (const name of await readdir(folder)) {
      if (/^embedded-[0-9a-f]+\.tar$/.test(name) && path.join(folder, name) !== embeddedSnapshotPath)
        await rm(path.join(folder, name), { force: true });
    }
  } finally {
    await database.close();
  }
}

/** The snapshot, when the global setup made one (benchmarks and one-off scripts start empty). */
export async function readEmbeddedSnapshot(): Promise<Blob | undefined> {
  if (!existsSync(embeddedSnapshotPath)) return undefined;
  return new Blob([await readFile(embeddedSnapshotPath)]);
}
