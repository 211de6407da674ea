import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { type Database, type DatabaseHandle, openDatabase, type Transaction } from './client.ts';
import { account } from './schema.ts';

/** A service written for `Database` runs inside a transaction as it is. */
async function countAccounts(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(account);
  return row?.n ?? 0;
}

let testDb: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  testDb = await createTestDatabase(process.env.DATABASE_URL);
  handle = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  await handle.migrate();
});

afterAll(async () => {
  await handle.close();
  await testDb.drop();
});

describe('the Database type', () => {
  it('accepts a transaction where a service asks for the database', () => {
    expectTypeOf<Transaction>().toExtend<Database>();
  });

  it('runs a service on the transaction it is given, so a rollback undoes its statements', async () => {
    const before = await countAccounts(handle.db);
    let seenInside = -1;
    const rolledBack = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into account (id, name, email) values ('tx-probe', 'Probe', 'tx-probe@example.org')`);
      seenInside = await countAccounts(tx);
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow(/rollback/i);
    expect(seenInside).toBe(before + 1);
    expect(await countAccounts(handle.db)).toBe(before);
  });
});
