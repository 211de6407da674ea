import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** A LIKE pattern that matches `text` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Runs a search's queries with sequential scans off, so that the trigram indexes answer it. The
 * embedded database has no statistics, and for a table of some tens of thousands of rows its planner
 * chose to test every row's text (a few microseconds each in WebAssembly): 40 ms for 10,000
 * donations, ten times that for 100,000, where the index finds the few matches in a millisecond or
 * two. A search that matches most rows reads them through the index instead, about as fast.
 */
export function throughIndexes<T>(db: Database, read: (db: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return read(tx);
  });
}
