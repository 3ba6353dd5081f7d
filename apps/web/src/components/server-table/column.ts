import type { ReactNode } from 'react';

export type Column<Row> = {
  id: string;
  label: string;
  /** Sent as `order_by` when the header is clicked. */
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Keeps short values (serials, names of places, times) on one line; the table scrolls sideways instead. */
  nowrap?: boolean;
  /** Narrowest width (px) of a column of long text (an alert's name, a place), so it wraps onto two lines, not five. */
  minWidth?: number;
  render?: (row: Row) => ReactNode;
};

/** A cell's content: the column's own rendering, else the row's field of the column's id as text. */
export function cellContent<Row>(column: Column<Row>, row: Row): ReactNode {
  return column.render ? column.render(row) : String((row as Record<string, unknown>)[column.id] ?? '');
}
