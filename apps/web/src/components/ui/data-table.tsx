import type { ReactNode } from 'react';
import { TableRegion } from './table-region';

/** A column's header: its text, or text only screen readers hear (a column of buttons). */
export type DataTableColumn = string | { srOnly: string };

/**
 * Below which width of its frame the table stacks into cards, one a row (the class names are written out
 * whole, so that Tailwind finds them).
 */
const STACKED_BELOW = {
  '2xl': '@max-2xl:stacked-rows',
  '3xl': '@max-3xl:stacked-rows',
  '4xl': '@max-4xl:stacked-rows',
} as const;

type DataTableProps<T> = {
  /** Names the scrolling region for screen readers ('Products table'). */
  label: string;
  /** Where the table stacks into cards: the widest its frame may be for that. */
  stackBelow: keyof typeof STACKED_BELOW;
  /** Smaller cells, for a table of many short rows. */
  compact?: boolean;
  columns: readonly DataTableColumn[];
  rows: readonly T[];
  /** One `<tr>` a row, with its own key. */
  renderRow: (row: T, index: number) => ReactNode;
};

/**
 * A data table's frame and look, one for every list: the region, a zebra table, the header row from
 * `columns`, a row from `renderRow` for each of `rows`. The cells stay with the feature; the markup around
 * them lives here.
 */
export const DataTable = <T,>({
  label,
  stackBelow,
  compact = false,
  columns,
  rows,
  renderRow,
}: DataTableProps<T>) => (
  <TableRegion label={label}>
    <table className={`table table-zebra ${compact ? 'table-sm ' : ''}${STACKED_BELOW[stackBelow]}`}>
      <thead>
        <tr>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <th key={column} scope="col">
                {column}
              </th>
            ) : (
              <th key={column.srOnly} scope="col">
                <span className="sr-only">{column.srOnly}</span>
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>{rows.map(renderRow)}</tbody>
    </table>
  </TableRegion>
);
