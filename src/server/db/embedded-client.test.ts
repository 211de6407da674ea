import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../http/outage.ts';
import { readEmbeddedSnapshot } from '../test/embedded-snapshot.ts';
import { type DatabaseHandle, embeddedMemoryParams, openDatabase } from './client.ts';
import { EmbeddedClient } from './embedded-client.ts';
import { isUniqueViolation } from './errors.ts';

/**
 * The embedded database runs in a thread of its own (decision 046): what the web thread gains (it is
 * free while a statement runs) and what it must not lose (errors with PostgreSQL's fields, transactions,
 * notices before answers, and a clear failure when the thread is gone).
 */
let handle: DatabaseHandle;
type Rows<T> = { rows: T[] };

beforeAll(async () => {
  handle = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://', snapshot: await readEmbeddedSnapshot() });
  await handle.db.execute(sql`create table probe (id int primary key, note text not null)`);
});

afterAll(async () => {
  await handle.close();
});

/** How late a 10 ms timer fires at worst while `work` runs: the web thread's own delay. */
async function worstTimerDelay(work: Promise<unknown>): Promise<number> {
  let worst = 0;
  let running = true;
  const tick = async () => {
    while (running) {
      const asked = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 10));
      worst = Math.max(worst, performance.now() - asked - 10);
    }
  };
  const ticking = tick();
  await work;
  running = false;
  await ticking;
  return worst;
}

describe('the embedded database in a thread of its own', () => {
  it('leaves the web thread free while a statement runs', async () => {
    const started = performance.now();
    const delay = await worstTimerDelay(handle.db.execute(sql`select pg_sleep(1.2)`));
    // The statement took its 1.2 s; in the web thread, a timer would have waited all of it.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_150);
    expect(delay).toBeLessThan(400);
  });

  it("gives a failed statement's PostgreSQL fields back, as the app reads them", async () => {
    await handle.db.execute(sql`insert into probe values (1, 'first')`);
    const error = await handle.db.execute(sql`insert into probe values (1, 'again')`).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    let cause: unknown = error;
    while (cause && !(cause as { constraint?: string }).constraint) cause = (cause as { cause?: unknown }).cause;
    expect((cause as { constraint?: string }).constraint).toBe('probe_pkey');
  });

  it('commits a transaction that finishes, rolls back one that throws, and holds other statements until it ends', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (2, 'kept')`);
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (3, 'dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');

    // A statement outside a transaction waits for it: it sees the transaction's work, never half of it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const inside = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (4, 'in a transaction')`);
      await held;
      await tx.execute(sql`update probe set note = 'finished' where id = 4`);
      order.push('transaction');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = handle.db.execute(sql`select note from probe where id = 4`).then((result) => {
      order.push('outside');
      return (result as unknown as Rows<{ note: string }>).rows[0]?.note;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual([]);
    release();
    await inside;
    expect(await outside).toBe('finished');
    expect(order).toEqual(['transaction', 'outside']);

    const rows = (await handle.db.execute(sql`select id from probe order by id`)) as unknown as Rows<{ id: number }>;
    expect(rows.rows.map((row) => row.id)).toEqual([1, 2, 4]);
  });

  it('announces a change before it answers the statement that made it', async () => {
    const heard: string[] = [];
    const watch = await handle.watchChanges(
      (table) => heard.push(table),
      () => {},
    );
    try {
      await handle.db.execute(sql`create or replace function probe_changed() returns trigger language plpgsql as $$
        begin perform pg_notify('hh_data_changed', 'probe'); return null; end $$`);
      await handle.db.execute(sql`create trigger probe_changed after insert on probe for each statement execute function probe_changed()`);
      await handle.db.execute(sql`insert into probe values (5, 'announced')`);
      expect(heard).toEqual(['probe']);
    } finally {
      await watch.stop();
    }
  });

  it('keeps as text the types whose parsers the ORM gives, and refuses a parser it cannot apply', async () => {
    const client = (handle.db as unknown as { $client: EmbeddedClient }).$client;
    const at = "select '2026-11-27 10:00:00+00'::timestamptz as at";
    const keep = (value: string) => value;
    // As the ORM asks: the text PostgreSQL sends, which it makes its own dates from.
    expect((await client.query(at, [], { parsers: { 1184: keep } })).rows).toEqual([{ at: '2026-11-27 10:00:00+00' }]);
    // Without: the library's own parsing, a Date.
    expect((await client.query(at)).rows[0]).toEqual({ at: new Date('2026-11-27T10:00:00Z') });
    // A parser that changes the text cannot run in the thread: the query fails, rather than skip it.
    expect(() => client.query(at, [], { parsers: { 1184: (value) => `at ${value}` } })).toThrow(
      /cannot apply the parser given for type 1184/,
    );
  });

  it('refuses a value that cannot cross to the thread, and goes on', async () => {
    const client = await EmbeddedClient.start({
      dataDir: 'memory://',
      snapshot: await readEmbeddedSnapshot(),
      durable: false,
      memoryParams: embeddedMemoryParams,
    });
    try {
      await expect(client.query('select $1::text as v', [() => 'a function'])).rejects.toThrow(/could not be cloned/);
      expect((await client.query('select $1::text as v', ['text'])).rows).toEqual([{ v: 'text' }]);
    } finally {
      await client.close();
    }
  });

  it('fails what waits, and all that follows, when its thread is gone', async () => {
    const client = await EmbeddedClient.start({
      dataDir: 'memory://',
      snapshot: await readEmbeddedSnapshot(),
      durable: false,
      memoryParams: embeddedMemoryParams,
    });
    const waiting = client.query('select pg_sleep(5)');
    // What a crash of the thread looks like from here.
    await (client as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    const lost = await waiting.catch((error: unknown) => error);
    expect(String(lost)).toMatch(/embedded database's thread stopped/);
    // An outage to the app (503 with Retry-After), not a fault of the request.
    expect(isDatabaseUnavailable(lost)).toBe(true);
    await expect(client.query('select 1')).rejects.toThrow(/embedded database's thread stopped/);
    expect(client.closed).toBe(true);
  });

  it('tells whoever opened it, once, that its thread is lost, and says nothing of an orderly close', async () => {
    const inMemory = async (onLost: (error: Error) => void) =>
      openDatabase({ databaseUrl: undefined, dataDir: 'memory://', snapshot: await readEmbeddedSnapshot(), onLost });
    const lost: Error[] = [];
    const opened = await inMemory((error) => lost.push(error));
    await opened.db.execute(sql`select 1`);
    const client = (opened.db as unknown as { $client: EmbeddedClient }).$client;
    await (client as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect.poll(() => lost.length).toBe(1);
    expect(isDatabaseUnavailable(lost[0])).toBe(true);
    await expect(opened.db.execute(sql`select 1`)).rejects.toThrow();
    await opened.close();
    expect(lost).toHaveLength(1);

    const closed: Error[] = [];
    const other = await inMemory((error) => closed.push(error));
    await other.db.execute(sql`select 1`);
    await other.close();
    expect(closed).toEqual([]);
  });
});
