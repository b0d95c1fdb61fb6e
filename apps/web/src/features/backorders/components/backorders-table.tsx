import type { Backorder } from '@forgeline/shared/schemas/backorder';
import { shipsInAbout } from '@forgeline/shared/backorders';
import { Link } from '@/components/ui/link';
import { DataTable } from '@/components/ui/data-table';
import { WrapPoints } from '@/components/ui/wrap-points';
import { dashboardPaths } from '@/config/dashboard-paths';

const age = (days: number) => (days === 0 ? 'today' : days === 1 ? '1 day' : `${days} days`);

/**
 * The back-order list (decision 0238): every line with pieces waiting for stock, oldest first, the order
 * the next goods receipt fills them in; stacked into cards on a narrow screen. Each cell's content is one
 * box: a stacked cell is a flex row of its label and its content, so loose pieces would sit side by side.
 */
export const BackordersTable = ({ lines }: { lines: Backorder[] }) => (
  <DataTable
    label="Back-ordered lines"
    stackBelow="3xl"
    compact
    columns={['Part', 'Order', 'Buyer', 'Pieces waiting', 'Age']}
    rows={lines}
    renderRow={(line) => (
      <tr key={line.orderId} data-testid="backorder-row">
        <td data-label="Part">
          <div>
            <span className="font-medium">{line.productName}</span>
            {line.sku ? <span className="block text-xs text-base-content/80">{line.sku}</span> : null}
          </div>
        </td>
        <td data-label="Order">
          <div>
            <Link className="link" to={dashboardPaths.order.getHref(line.orderId)}>
              {line.orderNumber}
            </Link>
            {line.checkoutNumber ? (
              <span className="block text-xs text-base-content/80">{line.checkoutNumber}</span>
            ) : null}
          </div>
        </td>
        <td data-label="Buyer">
          <div>
            {line.buyerName}
            <span className="block text-xs text-base-content/80">
              <WrapPoints text={line.buyerEmail} />
            </span>
          </div>
        </td>
        <td data-label="Pieces waiting">
          <div>
            {line.backordered} of {line.ordered} pcs
            {line.leadTimeDays ? (
              <span className="block text-xs text-base-content/80">{shipsInAbout(line.leadTimeDays)}</span>
            ) : null}
          </div>
        </td>
        <td data-label="Age" className="whitespace-nowrap">
          <time dateTime={line.orderedAt}>{age(line.ageDays)}</time>
        </td>
      </tr>
    )}
  />
);
