import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { readEmbeddedSnapshot } from './embedded-snapshot.ts';

export interface TestDatabase {
  /** The DATABASE_URL to give the app, or undefined for the embedded database. */
  databaseUrl: string | undefined;
  /** The DATA_DIR to give the app: in memory, so nothing is left behind. */
  dataDir: string;
  /** For the embedded database: the migrated snapshot to start from, when there is one. */
  snapshot?: Blob;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file. With a server URL it creates a new database on that
 * server (dropped afterwards); without one, the embedded database in memory.
 */
export async function createTestDatabase(serverUrl: string | undefined): Promise<TestDatabase> {
  if (!serverUrl) return { databaseUrl: undefined, dataDir: 'memory://', snapshot: await readEmbeddedSnapshot(), drop: async () => {} };

  const name = `hh_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir: 'memory://',
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
