import type { ReactNode } from 'react';
import { Button } from '../button.tsx';
import type { Column } from './admin-table.tsx';

interface ConfirmedAction<Row> {
  /** Opens the confirmation for this row. */
  ask: (row: Row) => void;
  /** The row whose action is under way: its button waits. */
  deleting: Row | null;
}

interface ConfirmedActionColumnOptions<Row> {
  /** The column and its button, in the page's words: 'Delete', 'Refund'. */
  header: string;
  /** The button's accessible name, naming the row: 'Delete Tree Planting'. */
  label: (row: Row) => string;
  variant?: 'filled' | 'light';
  /** What shows instead of the button once the action cannot be taken again (a refunded donation). */
  done?: (row: Row) => ReactNode;
}

/**
 * The column of an admin list's destructive action (Delete, Refund): a red button that names its row,
 * asks first (`useConfirmDelete`), and waits while its row's action runs.
 */
export function confirmedActionColumn<Row extends { _id: string }>(
  action: ConfirmedAction<Row>,
  { header, label, variant, done }: ConfirmedActionColumnOptions<Row>,
): Column<Row> {
  return {
    id: header.toLowerCase(),
    header,
    action: true,
    cell: (row) =>
      done?.(row) ?? (
        <Button
          tone="danger"
          variant={variant}
          aria-label={label(row)}
          disabled={action.deleting?._id === row._id}
          onClick={() => action.ask(row)}
        >
          {header}
        </Button>
      ),
  };
}
