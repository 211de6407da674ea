import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectPath } from '../project-root.ts';
import type { Database } from './client.ts';
import * as schema from './schema.ts';

/** The committed migrations (drizzle/ in the project's folder). */
export const migrationsFolder = projectPath('drizzle');

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
