import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DurableNodeFS, durableStartParams } from './durable-fs.ts';

const folders: string[] = [];
async function folder() {
  const dir = await mkdtemp(path.join(tmpdir(), 'hh-durable-'));
  folders.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('durable writes on the embedded database', () => {
  it('acknowledges a commit only after its WAL has been sent to disk with fsync', async () => {
    const fs = new DurableNodeFS(await folder());
    const db = new PGlite({ fs, startParams: durableStartParams });
    try {
      await db.exec('create table note (id serial primary key, body text)');
      const before = fs.syncs;
      await db.query(`insert into note (body) values ('kept')`);
      expect(fs.syncs).toBeGreaterThan(before);
      expect(fs.recentlySynced.at(-1)).toMatch(/\/pg_wal\/[0-9A-F]{24}$/);

      // A read commits nothing and waits for no disk.
      const afterWrite = fs.syncs;
      await db.query('select count(*) from note');
      expect(fs.syncs).toBe(afterWrite);
    } finally {
      await db.close();
    }
  });

  it('runs the app’s database in a folder with fsync on, and in memory without it', async () => {
    const onDisk = await openDatabase({ databaseUrl: undefined, dataDir: await folder() });
    try {
      const settings = await onDisk.db
        .select({ name: sql<string>`name`, setting: sql<string>`setting` })
        .from(sql`pg_settings`)
        .where(sql`name in ('fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes')`)
        .orderBy(sql`name`);
      expect(settings).toEqual([
        { name: 'fsync', setting: 'on' },
        { name: 'full_page_writes', setting: 'on' },
        { name: 'synchronous_commit', setting: 'on' },
        { name: 'wal_sync_method', setting: 'fsync' },
      ]);
    } finally {
      await onDisk.close();
    }

    const inMemory = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
    try {
      const [fsync] = await inMemory.db.select({ setting: sql<string>`setting` }).from(sql`pg_settings`).where(sql`name = 'fsync'`);
      expect(fsync?.setting).toBe('off');
    } finally {
      await inMemory.close();
    }
  });
});
