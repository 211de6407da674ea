import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.ts';
import * as schema from './schema.ts';

/**
 * The committed migrations: `drizzle/` at the project's root, found from this module upwards, so the
 * server reads them whether it runs from its sources (`src/server/db`) or from its build (`dist/server`).
 */
export const migrationsFolder = findMigrations(path.dirname(fileURLToPath(import.meta.url)));

function findMigrations(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`no drizzle/meta/_journal.json above ${from}`);
  }
}

/** Any fixed number works; it only has to be the same for every instance of the app. */
export const MIGRATION_LOCK_KEY = 7_301_2024;

export interface MigrateOptions {
  /** Another folder of migrations: a restore first brings a database only up to its backup's schema. */
  migrationsFolder?: string;
}

/** The embedded database belongs to this one process, so no lock is needed. */
export async function migrateEmbedded(db: Database, afterMigrate?: (db: Database) => Promise<void>, options: MigrateOptions = {}) {
  await migratePglite(db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder: options.migrationsFolder ?? migrationsFolder });
  await afterMigrate?.(db);
}

/**
 * Several instances may start at once against one server: the first to take the advisory lock
 * migrates (and seeds); the others wait, then find nothing left to do.
 */
export async function migrateServer(databaseUrl: string, afterMigrate?: (db: Database) => Promise<void>, options: MigrateOptions = {}) {
  // Its own connection, without the pool's statement timeouts: a migration may rebuild an index on a
  // big table, and an instance may wait here while another migrates.
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const db = drizzlePg(client, { schema });
      await migratePg(db, { migrationsFolder: options.migrationsFolder ?? migrationsFolder });
      await afterMigrate?.(db as unknown as Database);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
