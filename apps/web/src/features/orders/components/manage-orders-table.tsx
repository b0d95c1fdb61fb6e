import { mayShip, orderStatusLabel } from '@forgeline/shared/order-status';
import { MANAGE_ORDERS_ORDER_COLUMNS } from '@forgeline/shared/manage-orders';
import { BackorderNote } from './backorder-note';
import { Link } from '@/components/ui/link';
import { formatPrice } from '@forgeline/shared/money';
import type { Order } from '@forgeline/shared/schemas/order';
import { dashboardPaths } from '@/config/dashboard-paths';
import { DataTable } from '@/components/ui/data-table';
import { DANGER_BUTTON_CLASS } from '@/components/ui/alert';
import { WrapPoints } from '@/components/ui/wrap-points';
import { awaitingPayment, isOverdue } from '@/lib/payment-state';

type ManageOrdersTableProps = {
  orders: Order[];
  /** The row number of the first order (a later page starts further on). */
  firstNumber?: number;
  onCancel: (order: Order) => void;
  onShip: (order: Order) => void;
  /** Id of the order a change is running for: its buttons are disabled. */
  busyId?: string | null;
};

/** docs/product.md §2 'Manage All Orders table'. Ship is disabled until paid; shipped orders show 'Shipped'. */
export const ManageOrdersTable = ({
  orders,
  firstNumber = 1,
  onCancel,
  onShip,
  busyId,
}: ManageOrdersTableProps) => (
  <DataTable
    label="All orders table"
    stackBelow="4xl"
    compact
    columns={['No.', 'Order', 'User Email', ...MANAGE_ORDERS_ORDER_COLUMNS, 'Cancel', 'Ship']}
    rows={orders}
    renderRow={(order, index) => {
      const shipped = order.status === 'shipped';
      // Partly shipped: some pieces have gone, so it can no longer be cancelled.
      const started = shipped || (order.shippedQuantity ?? 0) > 0;
      const cancelled = order.status === 'cancelled';
      const busy = busyId === order._id;
      return (
        <tr key={order._id} data-testid="order-row" data-order-id={order._id}>
          <th scope="row" data-label="No.">
            {firstNumber + index}
          </th>
          <td data-label="Order">
            {/* One box: a stacked row keeps the number and the PO under it together, at the end. */}
            <div>
              <Link className="link whitespace-nowrap" to={dashboardPaths.order.getHref(order._id)}>
                {order.number}
              </Link>
              {/* The buyer's PO reference: what their accounts department will quote. */}
              {order.poReference && (
                <span className="block text-xs text-base-content/70" data-testid="order-po">
                  PO <WrapPoints text={order.poReference} />
                </span>
              )}
            </div>
          </td>
          <td data-label="User Email">
            <WrapPoints text={order.email} />
          </td>
          <td className="font-medium" data-label="Product">
            {order.productName}
            {order.customerPartNumber ? (
              <span className="block text-xs font-normal">
                Customer no. <span className="font-mono break-words">{order.customerPartNumber}</span>
              </span>
            ) : null}
          </td>
          <td className="whitespace-nowrap" data-label="Price">
            $ {formatPrice(order.price)}
          </td>
          <td data-label="Quantity">{order.buyQuantity}</td>
          <td className="whitespace-nowrap" data-label="Total">
            $ {formatPrice(order.totalPrize)}
          </td>
          <td data-label="Status">
            <span
              className={`badge h-auto ${started ? 'badge-info' : cancelled ? 'badge-ghost' : 'badge-warning'}`}
              data-testid="order-status"
            >
              {orderStatusLabel(order)}
            </span>
            <BackorderNote order={order} />
          </td>
          <td data-label="Payment">
            <span
              className={`badge h-auto ${order.paid ? 'badge-success' : isOverdue(order) ? 'badge-error' : order.dueAt ? 'badge-warning' : 'badge-ghost'}`}
              data-testid="order-payment-state"
            >
              {order.paid ? 'Paid' : (awaitingPayment(order) ?? 'Unpaid')}
            </span>
          </td>
          <td data-action="cancel">
            <button
              type="button"
              className={DANGER_BUTTON_CLASS}
              onClick={() => onCancel(order)}
              disabled={started || cancelled || busy}
              aria-label={`Cancel the order of ${order.productName} by ${order.email}`}
            >
              Cancel
            </button>
          </td>
          <td data-action="ship">
            {shipped ? (
              <span className="font-semibold text-[#15803d]">Shipped</span>
            ) : cancelled ? (
              <span className="text-base-content/80">Cancelled</span>
            ) : (
              <button
                type="button"
                className="btn btn-sm btn-primary"
                onClick={() => onShip(order)}
                // An order on payment terms ships before it is paid (decision 0112).
                disabled={!mayShip(order) || busy}
                title={mayShip(order) ? undefined : 'Orders ship once they are paid'}
                aria-label={`Ship the order of ${order.productName} by ${order.email}`}
              >
                Ship
              </button>
            )}
          </td>
        </tr>
      );
    }}
  />
);
