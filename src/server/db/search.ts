import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** A LIKE pattern that matches `text` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How many characters of a long search the trigram index is asked about, when no part stands out. */
const WINDOW = 6;
/** The lengths of the parts weighed by their trigrams. */
const SHORTEST_PART = 4;
const LONGEST_PART = 8;

/**
 * What pg_trgm reads as part of a word: letters, digits, and the marks written with letters (a Bengali
 * vowel sign or virama, as in 'ক্ষমা'), which the database's character classes count as alphanumeric.
 */
const isWordCharacter = (character: string) => /[\p{L}\p{M}\p{Nd}]/u.test(character);

/** The rarity of j, k, q, v, x and z: rare in names, yet the x is in every 'example.org'. */
const UNCOMMON_LETTER = 2.5;

/**
 * How rarely a character is found in what people type: digits most rarely, then uncommon letters and
 * letters beyond English; anything that is not a letter or digit, which the trigram index reads as a
 * space between words, not at all.
 */
function rarity(character: string): number {
  if (/\p{Nd}/u.test(character)) return 3;
  if (/[jkqvxz]/i.test(character)) return UNCOMMON_LETTER;
  if (/[bcdfgmpuwy]/i.test(character)) return 1.5;
  if (/[\p{L}\p{M}]/u.test(character)) return /[a-z]/i.test(character) ? 1 : 2;
  return 0;
}

/**
 * The trigrams the index looks up for a part searched as `%part%`, as pg_trgm makes them: each run of
 * letters and digits, with two spaces before it when a separator comes first inside the part and one
 * after it when a separator follows (the part's own ends are wildcards, and add none).
 */
export function trigramsOf(part: string[]): string[][] {
  const trigrams: string[][] = [];
  let index = 0;
  while (index < part.length) {
    if (!isWordCharacter(part[index] ?? '')) {
      index++;
      continue;
    }
    const from = index;
    while (index < part.length && isWordCharacter(part[index] ?? '')) index++;
    const padded = [...(from > 0 ? [' ', ' '] : []), ...part.slice(from, index), ...(index < part.length ? [' '] : [])];
    for (let at = 0; at + 3 <= padded.length; at++) trigrams.push(padded.slice(at, at + 3));
  }
  return trigrams;
}

/**
 * What asking the index about a part costs and gives: a trigram holding a digit (or a letter beyond
 * English) narrows the rows found a lot, one holding an uncommon English letter a little (the 'x' of
 * every 'example.org'), and one of common letters and spaces (such as 'son' or '  e', in nearly every
 * email) is a long list to read for little.
 */
function worth(part: string[]): number {
  let sum = 0;
  for (const trigram of trigramsOf(part)) sum += trigramWorth(Math.max(...trigram.map(rarity)));
  return sum;
}

/** A trigram's worth by its rarest character's rarity (see `rarity`). */
function trigramWorth(rarest: number): number {
  if (rarest === UNCOMMON_LETTER) return 1;
  if (rarest >= 2) return rarest;
  return -1.5;
}

/**
 * The part of a long search the trigram index can find fastest (whole characters, never half of one).
 * First the part of 4 to 8 characters whose trigrams are worth most ('on123@' of
 * 'person123@example.org': four rare trigrams, and none that every email has); when none is worth
 * anything (a search of common letters), the six rarest characters in a row holding a trigram.
 * Undefined when the search is short enough to be asked about whole, or has no such part.
 */
export function selectivePart(text: string): string | undefined {
  const characters = Array.from(text);
  if (characters.length <= WINDOW) return undefined;
  let best: { part: string; score: number } | undefined;
  for (let length = SHORTEST_PART; length <= Math.min(LONGEST_PART, characters.length - 1); length++) {
    for (let start = 0; start + length <= characters.length; start++) {
      const score = worth(characters.slice(start, start + length));
      if (score > 0 && (!best || score > best.score)) best = { part: characters.slice(start, start + length).join(''), score };
    }
  }
  if (best) return best.part;
  for (let start = 0; start + WINDOW <= characters.length; start++) {
    const window = characters.slice(start, start + WINDOW);
    const part = window.join('');
    if (!/[\p{L}\p{M}\p{Nd}]{3}/u.test(part)) continue;
    const score = window.reduce((sum, character) => sum + rarity(character), 0);
    if (!best || score > best.score) best = { part, score };
  }
  return best?.part;
}

/**
 * `column` contains `text`, in any case. A long search asks the column's trigram index about its most
 * selective part only, then tests the whole text on the few rows that part finds: the index's lists
 * for trigrams nearly every row has ('exa', 'org', 'son' in every email) grow with the table, and
 * reading them all made a search for one person's email five times slower at a million
 * registrations than at ten thousand. The whole-text test is written so the index is not asked
 * about it (`column || ''` is not the indexed column), and it is what decides: the same rows match.
 */
export function contains(column: AnyColumn, text: string): SQL {
  const whole = containsPattern(text);
  const part = selectivePart(text);
  if (part === undefined) return sql`${column} ilike ${whole}`;
  return sql`(${column} ilike ${containsPattern(part)} and (${column} || '') ilike ${whole})`;
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

/**
 * Runs a list's page query with bitmap scans off, so that it walks the index its filter and order
 * share and stops after a page. The embedded database has no statistics: for the reviews waiting
 * for moderation it guessed 30 rows, gathered all 3,334 of 10,000 through a bitmap and sorted them
 * (5 to 16 ms, more with every review), where walking (status, created_at, id) backwards takes 0.1 ms.
 */
export function inIndexOrder<T>(db: Database, read: (db: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return read(tx);
  });
}
