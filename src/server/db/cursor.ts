import { type AnyColumn, and, asc, desc, or, type SQL, sql } from 'drizzle-orm';
import { listCursorMessage, parseSort } from '../../shared/paging.ts';
import { AppError } from '../errors.ts';

/**
 * Keyset paging: a page's cursor names its last row's sort key, and the next page is the rows after
 * that key in the list's order, read from the sort's index. An offset reads and throws away every row
 * before the page, so page 4,000 of a million registrations read 100,000 rows; a cursor reads 25.
 *
 * The key is read by the database itself (`json_build_array`), so a timestamp keeps its microseconds
 * (a JavaScript Date would round them away, and rows in the same millisecond would be skipped). On
 * the wire it is that JSON array in base64url: opaque to clients, checked value by value on the way in.
 */

type KeyType = 'text' | 'uuid' | 'integer' | 'timestamp' | 'date' | 'time';
export type KeyValue = string | number | null;

export interface SortKey {
  expr: SQL | AnyColumn;
  type: KeyType;
  descending: boolean;
  /** A key that may be null: PostgreSQL puts nulls last ascending and first descending. */
  nullable?: boolean;
}

/** A calendar day that exists ('2026-02-30' does not): PostgreSQL would fail the query on it. */
function isDay(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

const clock = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

const valid: Record<KeyType, (value: unknown) => boolean> = {
  text: (v) => typeof v === 'string',
  uuid: (v) => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  integer: (v) => Number.isSafeInteger(v),
  timestamp: (v) => {
    const parts = typeof v === 'string' && /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.exec(v);
    return Boolean(parts && isDay(parts[1] as string) && clock.test(parts[2] as string));
  },
  date: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && isDay(v),
  time: (v) => typeof v === 'string' && clock.test(v),
};

/** The select expression whose value, once encoded, is a row's cursor. */
export const cursorKey = (keys: SortKey[]) =>
  sql<string>`json_build_array(${sql.join(
    keys.map((k) => k.expr),
    sql`, `,
  )})::text`;

/** The cursor of a page: its last row's key, when the page is full (a shorter page is the last one). */
export function nextCursor(rows: { cursorKey: string }[], limit: number): string | undefined {
  const last = rows.at(-1);
  return rows.length === limit && last ? Buffer.from(last.cursorKey).toString('base64url') : undefined;
}

/** The key a cursor names, checked against the list's sort keys; a cursor from elsewhere is refused with 400. */
export function decodeCursor(cursor: string, keys: SortKey[]): KeyValue[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = undefined;
  }
  const fits =
    Array.isArray(values) &&
    values.length === keys.length &&
    keys.every((key, i) => ((values as unknown[])[i] === null ? key.nullable === true : valid[key.type]((values as unknown[])[i])));
  if (!fits) throw new AppError('invalid_input', listCursorMessage, { cursor: listCursorMessage });
  return values as KeyValue[];
}

/**
 * The rows after `values` in the order of `keys`. Keys that all go the same way and are never null
 * compare as one row value, which the sort's index answers as a range; otherwise key by key.
 */
export function after(keys: SortKey[], values: KeyValue[]): SQL {
  const [first] = keys;
  if (first && values.every((v) => v !== null) && keys.every((k) => !k.nullable && k.descending === first.descending)) {
    const left = sql.join(
      keys.map((k) => k.expr),
      sql`, `,
    );
    const right = sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
    return first.descending ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  return and(bound(keys[0], values[0]), laterThan(keys, values, 0)) ?? sql`true`;
}

function laterThan(keys: SortKey[], values: KeyValue[], i: number): SQL {
  const key = keys[i] as SortKey;
  const value = values[i] ?? null;
  if (i === keys.length - 1) return strictlyAfter(key, value);
  return or(strictlyAfter(key, value), and(equal(key, value), laterThan(keys, values, i + 1))) ?? sql`false`;
}

function strictlyAfter(key: SortKey, value: KeyValue): SQL {
  if (value === null) return key.descending ? sql`${key.expr} is not null` : sql`false`;
  const beyond = key.descending ? sql`${key.expr} < ${value}` : sql`${key.expr} > ${value}`;
  return key.nullable && !key.descending ? sql`(${beyond} or ${key.expr} is null)` : beyond;
}

function equal(key: SortKey, value: KeyValue): SQL {
  return value === null ? sql`${key.expr} is null` : sql`${key.expr} = ${value}`;
}

/** A range on the first key alone, which its index can answer before the rest is tested. */
function bound(key: SortKey | undefined, value: KeyValue | undefined): SQL | undefined {
  if (!key || value === undefined) return undefined;
  if (value === null) return key.descending ? undefined : sql`${key.expr} is null`;
  if (key.descending) return sql`${key.expr} <= ${value}`;
  return key.nullable ? undefined : sql`${key.expr} >= ${value}`;
}

/** How many rows an export reads per query. */
export const EXPORT_PAGE = 1000;

/** ORDER BY for the keys, in their directions. */
export const orderOf = (keys: SortKey[]) => keys.map((k) => (k.descending ? desc(k.expr) : asc(k.expr)));

type Column = Omit<SortKey, 'descending'>;

/**
 * A list's `?sort=` as sort keys: the chosen column either way, then the tie-breaking id the same
 * way (so the pair is one range of the sort's index); `fallback` when no sort is asked for.
 */
export function sortKeysOf<Name extends string>(
  sort: Name | `-${Name}` | undefined,
  columns: Record<Name, Column>,
  fallback: SortKey[],
  tiebreak: Column,
): SortKey[] {
  const parsed = parseSort(sort);
  if (!parsed) return fallback;
  return [
    { ...columns[parsed.column], descending: parsed.descending },
    { ...tiebreak, descending: parsed.descending },
  ];
}

/** Newest first, by creation time and then id: the order of the lists with no other. */
export const newestFirst = (createdAt: AnyColumn, id: AnyColumn): SortKey[] => [
  { expr: createdAt, type: 'timestamp', descending: true },
  { expr: id, type: 'uuid', descending: true },
];

/** The cursor a query names, checked against the keys, or undefined without one. */
export const cursorFrom = (cursor: string | undefined, keys: SortKey[]) => (cursor ? decodeCursor(cursor, keys) : undefined);
