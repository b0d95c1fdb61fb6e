import type { ReactNode } from 'react';
import { TableRegion } from '@/components/ui/table-region';

/**
 * One list of the company page (addresses, requests, orders…): a heading with the count, the table, or a
 * sentence when there is nothing. The table stacks into cards on a phone.
 */
export const RecordSection = ({
  id,
  title,
  count,
  empty,
  headers,
  children,
}: {
  id: string;
  title: string;
  count: number;
  empty: string;
  headers: string[];
  children: ReactNode;
}) => (
  <section aria-labelledby={id} className="flex flex-col gap-2">
    <h3 id={id} className="text-lg font-bold">
      {title} ({count})
    </h3>
    {count === 0 ? (
      <p className="text-sm text-base-content/75">{empty}</p>
    ) : (
      <TableRegion label={`${title} table`}>
        <table className="table table-zebra table-sm @max-2xl:stacked-rows">
          <thead>
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </TableRegion>
    )}
  </section>
);
