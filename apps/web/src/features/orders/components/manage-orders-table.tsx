import { formatPrice, type Order } from '@forgeline/shared';
import { TableRegion } from '@/components/ui/table-region';
import { DANGER_BUTTON_CLASS } from '@/components/ui/alert';

type ManageOrdersTableProps = {
  orders: Order[];
  /** The row number of the first order (a later page starts further on). */
  firstNumber?: number;
  onCancel: (order: Order) => void;
  onShip: (order: Order) => void;
  /** Id of the order a change is running for: its buttons are disabled. */
  busyId?: string | null;
};

/** SPEC.md §2 'Manage All Orders table'. Ship is disabled until paid; shipped orders show 'Shipped'. */
export const ManageOrdersTable = ({
  orders,
  firstNumber = 1,
  onCancel,
  onShip,
  busyId,
}: ManageOrdersTableProps) => (
  <TableRegion label="All orders table">
    <table className="table table-zebra min-w-[60rem]">
      <thead>
        <tr>
          <th scope="col">No.</th>
          <th scope="col">User Email</th>
          <th scope="col">Product</th>
          <th scope="col">Price</th>
          <th scope="col">Quantity</th>
          <th scope="col">Total</th>
          <th scope="col">Status</th>
          <th scope="col">Payment</th>
          <th scope="col">Cancel</th>
          <th scope="col">Ship</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order, index) => {
          const shipped = order.status === 'shipped';
          const busy = busyId === order._id;
          return (
            <tr key={order._id} data-testid="order-row" data-order-id={order._id}>
              <th scope="row">{firstNumber + index}</th>
              <td className="whitespace-nowrap">{order.email}</td>
              <td className="font-medium">{order.productName}</td>
              <td className="whitespace-nowrap">$ {formatPrice(order.price)}</td>
              <td>{order.buyQuantity}</td>
              <td className="whitespace-nowrap">$ {formatPrice(order.totalPrize)}</td>
              <td>
                <span className={`badge ${shipped ? 'badge-info' : 'badge-warning'}`}>
                  {shipped ? 'Shipped' : 'Pending'}
                </span>
              </td>
              <td>
                <span className={`badge ${order.paid ? 'badge-success' : 'badge-ghost'}`}>
                  {order.paid ? 'Paid' : 'Unpaid'}
                </span>
              </td>
              <td>
                <button
                  type="button"
                  className={DANGER_BUTTON_CLASS}
                  onClick={() => onCancel(order)}
                  disabled={shipped || busy}
                  aria-label={`Cancel the order of ${order.productName} by ${order.email}`}
                >
                  Cancel
                </button>
              </td>
              <td>
                {shipped ? (
                  <span className="font-semibold text-[#15803d]">Shipped</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    onClick={() => onShip(order)}
                    disabled={!order.paid || busy}
                    title={order.paid ? undefined : 'Orders ship once they are paid'}
                    aria-label={`Ship the order of ${order.productName} by ${order.email}`}
                  >
                    Ship
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  </TableRegion>
);
