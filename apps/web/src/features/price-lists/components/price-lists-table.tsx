import type { PriceListSummary } from '@forgeline/shared/schemas/price-list';
import { dashboardPaths } from '@/config/dashboard-paths';
import { Link } from '@/components/ui/link';
import { DataTable } from '@/components/ui/data-table';
import { ruleLabel, validityLabel } from '../breaks';

/** The Price lists table: each row links to the list's page. Stacks into cards on a phone. */
export const PriceListsTable = ({ lists }: { lists: PriceListSummary[] }) => (
  <DataTable
    label="Price lists table"
    stackBelow="3xl"
    columns={['Name', 'Valid', 'Rule', 'Parts', 'Given to']}
    rows={lists}
    renderRow={(list) => (
      <tr key={list.id} data-testid="price-list-row">
        <th scope="row" data-label="Name">
          <Link className="link link-primary font-semibold" to={dashboardPaths.priceList.getHref(list.id)}>
            {list.name}
          </Link>
        </th>
        <td data-label="Valid">{validityLabel(list.validFrom, list.validTo)}</td>
        <td data-label="Rule">{ruleLabel(list.percentOff, list.ruleScope)}</td>
        <td data-label="Parts">{list.itemCount}</td>
        <td data-label="Given to">
          {list.assignedTo.length > 0 ? list.assignedTo.join(', ') : 'Nobody yet'}
        </td>
      </tr>
    )}
  />
);
