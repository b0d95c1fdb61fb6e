import { Link } from 'react-router';
import { formatPrice, type Order } from '@forgeline/shared';
import { paths } from '@/config/paths';
import { TableRegion } from '@/components/ui/table-region';

type MyOrdersTableProps = {
  orders: Order[];
  onCancel: (order: Order) => void;
  /** Id of the order being cancelled: its button shows a spinner. */
  cancellingId?: string | null;
};

/** SPEC.md §2 'My Orders table'. Scrolls sideways inside its box on a phone. */
export const MyOrdersTable = ({ orders, onCancel, cancellingId }: MyOrdersTableProps) => (
  <TableRegion label="My orders table">
    <table className="table table-zebra min-w-[56rem]">
      <thead>
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
      <tbody>
        {orders.map((order, index) => (
          <tr key={order._id} data-testid="order-row" data-order-id={order._id}>
            <th scope="row">{index + 1}</th>
            <td className="font-medium">{order.productName}</td>
            <td className="whitespace-nowrap">$ {formatPrice(order.price)}</td>
            <td>{order.buyQuantity}</td>
            <td className="whitespace-nowrap">$ {formatPrice(order.totalPrize)}</td>
            <td>
              <span className={`badge ${order.paid ? 'badge-success' : 'badge-warning'}`}>
                {order.paid ? 'Paid' : 'Pending'}
              </span>
              {order.status === 'shipped' ? <span className="badge badge-info ml-1">Shipped</span> : null}
            </td>
            <td>
              {order.paid ? (
                <span className="text-base-content/60" aria-label="No action">
                  —
                </span>
              ) : (
                <button
                  type="button"
                  className="btn btn-sm btn-outline border-[#b91c1c] text-[#b91c1c] hover:bg-[#b91c1c] hover:text-white"
                  onClick={() => onCancel(order)}
                  disabled={cancellingId === order._id}
                  aria-label={`Cancel the order of ${order.productName}`}
                >
                  Cancel
                </button>
              )}
            </td>
            <td>
              {order.paid ? (
                <div className="flex flex-col gap-0.5">
                  <span className="font-semibold text-[#15803d]">Paid</span>
                  <span className="font-mono text-xs break-all" data-testid="transaction-id">
                    {order.transactionId}
                  </span>
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
        ))}
      </tbody>
    </table>
  </TableRegion>
);
