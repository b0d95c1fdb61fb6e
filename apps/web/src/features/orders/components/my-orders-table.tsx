import { orderStatusLabel } from '@forgeline/shared/order-status';
import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { formatPrice } from '@forgeline/shared/money';
import { type Order } from '@forgeline/shared/schemas/order';
import { paths } from '@/config/paths';
import { TableRegion } from '@/components/ui/table-region';
import { DANGER_BUTTON_CLASS } from '@/components/ui/alert';
import { formatDay } from '@/lib/format-date';
import { awaitingPayment, isOverdue } from '@/lib/payment-state';

type MyOrdersTableProps = {
  orders: Order[];
  onCancel: (order: Order) => void;
  /** Id of the order being cancelled: its button shows a spinner. */
  cancellingId?: string | null;
  /** 'Order again': the same part and quantity back into the cart. */
  onReorder?: (order: Order) => void;
  reorderingId?: string | null;
  /** The order's invoice and credit note (download links), shown in its Payment cell. */
  documentsOf?: (order: Order) => ReactNode;
};

/** Below `md` each row is a card: a cell shows its column's name before its value (from `data-label`). */
const cell =
  'max-md:flex max-md:items-center max-md:justify-between max-md:gap-3 max-md:py-1.5 ' +
  'max-md:before:font-semibold max-md:before:text-base-content/80 max-md:before:content-[attr(data-label)]';

/** Where a customer asks about a paid order: the contact form on the home page. */
const CONTACT_HREF = `${paths.home.getHref()}#contact`;

/**
 * docs/product.md §2 'My Orders table'. From `md` up a table with the spec's eight columns; on a phone every row
 * stacks into a card, so each order's Pay and Cancel are on screen without scrolling sideways.
 */
export const MyOrdersTable = ({
  orders,
  onCancel,
  cancellingId,
  onReorder,
  reorderingId,
  documentsOf,
}: MyOrdersTableProps) => (
  <TableRegion label="My orders table">
    <table className="table table-zebra md:min-w-[56rem] max-md:block">
      <thead className="max-md:sr-only">
        <tr>
          <th scope="col">No.</th>
          <th scope="col">Product Name</th>
          <th scope="col">Price Per Unit</th>
          <th scope="col">Buy Quantity</th>
          <th scope="col">Total Price</th>
          <th scope="col">Status</th>
          <th scope="col">Action</th>
          <th scope="col">Payment</th>
        </tr>
      </thead>
      <tbody className="max-md:block">
        {orders.map((order, index) => {
          // On payment terms and unpaid: 'Awaiting payment (due …)', never 'Paid', no Pay link (0112).
          const awaiting = awaitingPayment(order);
          const documents = documentsOf?.(order) ?? null;
          const cancelled = order.status === 'cancelled';
          return (
            <tr
              key={order._id}
              data-testid="order-row"
              data-order-id={order._id}
              className="max-md:block max-md:border-b max-md:border-base-300 max-md:px-1 max-md:py-3"
            >
              <th scope="row" data-label="No." className={cell}>
                {index + 1}
              </th>
              <td data-label="Product Name" className={`font-medium ${cell}`}>
                <span className="flex flex-col max-md:items-end max-md:text-right">
                  <span>{order.productName}</span>
                  {/* The stable number, the date and the buyer's PO reference. */}
                  <span className="text-xs font-normal text-base-content/75" data-testid="order-meta">
                    <span className="font-mono">{order.number}</span> · {formatDay(order.createdAt)}
                    {order.poReference ? ` · PO ${order.poReference}` : ''}
                  </span>
                </span>
              </td>
              <td data-label="Price Per Unit" className={`whitespace-nowrap ${cell}`}>
                $ {formatPrice(order.price)}
              </td>
              <td data-label="Buy Quantity" className={cell}>
                {order.buyQuantity}
              </td>
              <td data-label="Total Price" className={`whitespace-nowrap ${cell}`}>
                $ {formatPrice(order.totalPrize)}
              </td>
              <td data-label="Status" className={cell}>
                <span>
                  <span
                    className={`badge h-auto ${cancelled ? 'badge-ghost' : order.paid ? 'badge-success' : isOverdue(order) ? 'badge-error' : 'badge-warning'}`}
                    data-testid="order-payment-state"
                  >
                    {cancelled ? orderStatusLabel(order) : order.paid ? 'Paid' : (awaiting ?? 'Pending')}
                  </span>
                  {order.status === 'shipped' ? <span className="badge badge-info ml-1">Shipped</span> : null}
                </span>
              </td>
              <td data-label="Action" className={cell}>
                {cancelled ? null : order.paid || order.status === 'shipped' ? (
                  // Why there is no Cancel, and whom to ask.
                  <span className="max-w-56 text-xs text-base-content/80" data-testid="paid-cancel-note">
                    {order.status === 'shipped'
                      ? 'Shipped orders cannot be cancelled. '
                      : 'A paid order can only be cancelled by us. '}
                    <Link to={CONTACT_HREF} className="link link-primary">
                      Contact us
                    </Link>
                  </span>
                ) : (
                  <button
                    type="button"
                    className={DANGER_BUTTON_CLASS}
                    onClick={() => onCancel(order)}
                    disabled={cancellingId === order._id}
                    aria-label={`Cancel the order of ${order.productName}`}
                  >
                    Cancel
                  </button>
                )}
                {onReorder && order.productId ? (
                  <button
                    type="button"
                    className="btn btn-xs btn-outline ml-1"
                    onClick={() => onReorder(order)}
                    disabled={reorderingId === order._id}
                    aria-label={`Order ${order.productName} again`}
                  >
                    Order again
                  </button>
                ) : null}
              </td>
              <td data-label="Payment" className={cell}>
                {cancelled && !order.paid ? (
                  // Nothing to pay: an invoiced one shows its credit note.
                  <div className="flex min-w-0 flex-col gap-0.5 max-md:items-end">
                    <span className="text-sm">Nothing to pay</span>
                    {documents}
                  </div>
                ) : order.paid ? (
                  <div className="flex min-w-0 flex-col gap-0.5 max-md:items-end">
                    <span className="font-semibold text-[#15803d]">Paid</span>
                    <span className="font-mono text-xs break-all" data-testid="transaction-id">
                      {order.transactionId}
                    </span>
                    {documents}
                  </div>
                ) : awaiting ? (
                  <div className="flex min-w-0 flex-col gap-0.5 max-md:items-end">
                    <span className="text-sm">By invoice</span>
                    {documents}
                  </div>
                ) : (
                  <Link
                    to={paths.dashboard.payment.getHref(order._id)}
                    className="btn btn-sm btn-primary"
                    aria-label={`Pay for the order of ${order.productName}`}
                  >
                    Pay
                  </Link>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  </TableRegion>
);
