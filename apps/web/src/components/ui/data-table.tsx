import type { ReactNode } from 'react';
import { TableRegion } from './table-region';

/** A column's header: its text, or text only screen readers hear (a column of buttons). */
export type DataTableColumn = string | { srOnly: string };

type DataTableProps<T> = {
  /** Names the scrolling region for screen readers ('Products table'). */
  label: string;
  /** The table's classes: zebra, size, where it stacks into cards. */
  className: string;
  columns: readonly DataTableColumn[];
  rows: readonly T[];
  /** One `<tr>` a row, with its own key. */
  renderRow: (row: T, index: number) => ReactNode;
};

/**
 * A data table's frame, one for every list: the region, the header row from `columns`, a row from
 * `renderRow` for each of `rows`. The cells stay with the feature; the markup around them lives here.
 */
export const DataTable = <T,>({ label, className, columns, rows, renderRow }: DataTableProps<T>) => (
  <TableRegion label={label}>
    <table className={className}>
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
