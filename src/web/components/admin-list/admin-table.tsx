import '@mantine/core/styles/Table.css';
import { Skeleton, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../shared/format.ts';
import { placeholderKeys } from '../loading-placeholders.tsx';
import classes from './admin-table.module.css';

export interface Column<Row> {
  /** Unique within the table. */
  id: string;
  header: string;
  /** The server's sort column (`?sort=`) when the column can be sorted. */
  sort?: string;
  cell: (row: Row) => ReactNode;
  /**
   * An action (Update, Delete): on phones it joins the buttons under the row instead of a labelled
   * line. Its control's accessible name should name the row ('Delete Tree Planting').
   */
  action?: boolean;
}

interface AdminTableProps<Row> {
  /** The table's accessible name: 'Events'. */
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** `title` or `-title`; none for the server's own order. */
  sort: string | undefined;
  onSort: (sort: string | undefined) => void;
  /** Phones get a list of labelled rows instead of a wide table. */
  narrow: boolean;
}

/**
 * A count in an admin list's words, in the reader's language: English as the lists always wrote it
 * ('1234', no grouping), another language through Intl, in its own digits ('১,২৩৪').
 */
export function formatCount(value: number, language: string): string {
  return language === 'en' ? String(value) : formatNumber(value, language);
}

function ariaSort(column: string | undefined, sort: string | undefined): 'ascending' | 'descending' | 'none' | undefined {
  if (!column) return undefined;
  if (sort === column) return 'ascending';
  if (sort === `-${column}`) return 'descending';
  return 'none';
}

function SortArrow({ direction }: { direction: 'ascending' | 'descending' | 'none' }) {
  const path = direction === 'ascending' ? 'M6 15l6-6 6 6' : direction === 'descending' ? 'M6 9l6 6 6-6' : 'M8 10l4-4 4 4M8 14l4 4 4-4';
  return (
    <svg viewBox="0 0 24 24" width={14} height={14} fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

/**
 * An admin list as an accessible table on wide screens (sortable headers announce their order) and
 * as a list of labelled rows on phones, where the sort is chosen from the list's own control.
 */
export function AdminTable<Row>({ caption, columns, rows, rowKey, sort, onSort, narrow }: AdminTableProps<Row>) {
  if (narrow) {
    const fields = columns.filter((column) => !column.action);
    const actions = columns.filter((column) => column.action);
    return (
      <ul className={classes.phoneList} aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={classes.phoneItem}>
            <dl className={classes.phoneFields}>
              {fields.map((column) => (
                <div key={column.id} style={{ display: 'contents' }}>
                  <dt>{column.header}</dt>
                  <dd>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {actions.length > 0 && (
              <div className={classes.phoneActions}>
                {actions.map((column) => (
                  <div key={column.id}>{column.cell(row)}</div>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={classes.tableWrap}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const order = ariaSort(column.sort, sort);
              return (
                <Table.Th key={column.id} scope="col" aria-sort={order}>
                  {column.sort && order ? (
                    <button
                      type="button"
                      className={classes.sortButton}
                      // First press sorts ascending, the next one descending, and so on.
                      onClick={() => onSort(order === 'ascending' ? `-${column.sort}` : column.sort)}
                    >
                      {column.header}
                      <SortArrow direction={order} />
                    </button>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.id}>{column.cell(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The table's shape while its first page loads. */
export function AdminTableSkeleton({ columns, rows = 5, label }: { columns: number; rows?: number; label: string }) {
  return (
    <div role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      <div aria-hidden="true">
        {placeholderKeys(rows).map((row) => (
          <div key={row} style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: 12, padding: '12px 0' }}>
            {placeholderKeys(columns).map((column) => (
              <Skeleton key={column} height={16} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
