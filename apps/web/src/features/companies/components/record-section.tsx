import type { ReactNode } from 'react';
import { DataTable } from '@/components/ui/data-table';

/**
 * A column of a company list: its header, which also labels the cell when the rows stack into cards, and
 * its cell. The first column heads its row.
 */
export type RecordColumn<T> = { header: string; cell: (row: T) => ReactNode; className?: string };

/** One list of the company page: its title, the sentence when it has no rows, its rows' key and columns. */
export type RecordList<T> = {
  title: string;
  empty: string;
  rowKey: (row: T) => string;
  rowTestId?: string;
  columns: RecordColumn<T>[];
};

/**
 * One list of the company page (addresses, requests, orders…): a heading with the count, the table, or a
 * sentence when there is nothing. The table stacks into cards on a phone.
 */
export const RecordSection = <T,>({
  id,
  rows,
  title,
  empty,
  rowKey,
  rowTestId,
  columns,
}: RecordList<T> & { id: string; rows: readonly T[] }) => (
  <section aria-labelledby={id} className="flex flex-col gap-2">
    <h3 id={id} className="text-lg font-bold">
      {title} ({rows.length})
    </h3>
    {rows.length === 0 ? (
      <p className="text-sm text-base-content/75">{empty}</p>
    ) : (
      <DataTable
        label={`${title} table`}
        stackBelow="2xl"
        compact
        columns={columns.map((column) => column.header)}
        rows={rows}
        renderRow={(row) => (
          <tr key={rowKey(row)} data-testid={rowTestId}>
            {columns.map(({ header, cell, className }, index) =>
              index === 0 ? (
                <th key={header} scope="row" data-label={header} className={className}>
                  {cell(row)}
                </th>
              ) : (
                <td key={header} data-label={header} className={className}>
                  {cell(row)}
                </td>
              ),
            )}
          </tr>
        )}
      />
    )}
  </section>
);
