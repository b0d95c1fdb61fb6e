import { toast } from 'react-toastify';
import { messages, type Order } from '@forgeline/shared';
import { ApiError } from '@/lib/api-client';
import { useOrders } from '@/features/orders/api/get-orders';
import { useCancelOrder } from '@/features/orders/api/cancel-order';
import { useShipOrder } from '@/features/orders/api/ship-order';
import { ManageOrdersTable } from '@/features/orders/components/manage-orders-table';
import { confirmDialog } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { QueryState } from '@/components/ui/query-state';

/** /dashboard/manageOrders, admins only (SPEC.md §2, §4): every order, to ship or cancel. */
const ManageOrdersRoute = () => {
  const orders = useOrders();
  const cancel = useCancelOrder();
  const ship = useShipOrder();

  const onCancel = async (order: Order) => {
    if (!(await confirmDialog('Yes, cancel it!'))) return;
    try {
      await cancel.mutateAsync(order._id);
      toast.success('The order is cancelled');
    } catch (error) {
      toast.error(errorMessage(error, 'The order could not be cancelled'));
    }
  };

  const onShip = async (order: Order) => {
    if (!(await confirmDialog('Yes, ship it!'))) return;
    try {
      await ship.mutateAsync(order._id);
      toast.success('The order is shipped');
    } catch (error) {
      // SPEC.md §6, §8: a 403 on shipping shows 'Failed to make an admin'.
      if (error instanceof ApiError && error.status === 403) toast.error(messages.makeAdminFailed);
      else toast.error(errorMessage(error, 'The order could not be shipped'));
    }
  };

  const busyId = cancel.isPending ? cancel.variables : ship.isPending ? ship.variables : null;
  const count = orders.data?.length ?? 0;

  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="mb-4 text-2xl font-bold">
        Manage All Orders{' '}
        <span className="text-base font-semibold text-base-content/70" data-testid="orders-count">
          (Total: {count})
        </span>
      </h2>
      <QueryState
        query={orders}
        loadingLabel="Loading the orders"
        errorText="The orders could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={<p>There are no orders yet.</p>}
      >
        {(list) => (
          <ManageOrdersTable
            orders={list}
            onCancel={(order) => void onCancel(order)}
            onShip={(order) => void onShip(order)}
            busyId={busyId ?? null}
          />
        )}
      </QueryState>
    </section>
  );
};

export default ManageOrdersRoute;
