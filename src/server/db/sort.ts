import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { parseSort } from '../../shared/paging.ts';

/**
 * ORDER BY for a list's `?sort=`: the chosen column either way, then `tiebreak` so that pages
 * never overlap; `fallback` when no sort is asked for.
 */
export function sortOrder<Column extends string>(
  sort: Column | `-${Column}` | undefined,
  columns: Record<Column, AnyColumn | SQL>,
  fallback: SQL[],
  tiebreak: AnyColumn,
): SQL[] {
  const parsed = parseSort(sort);
  if (!parsed) return fallback;
  const by = parsed.descending ? desc : asc;
  return [by(columns[parsed.column]), by(tiebreak)];
}
