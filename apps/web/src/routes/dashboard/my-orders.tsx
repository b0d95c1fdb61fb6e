import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { Order } from '@forgeline/shared';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { useMyOrders } from '@/features/orders/api/get-my-orders';
import { useCancelOrder } from '@/features/orders/api/cancel-order';
import { MyOrdersTable } from '@/features/orders/components/my-orders-table';
import { usePaymentConfig } from '@/features/payments/api/get-payment-config';
import { confirmDialog } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';

/** /dashboard/myOrders (SPEC.md §2): the customer's orders, cancel and pay. */
const MyOrdersRoute = () => {
  const { user } = useSession();
  const orders = useMyOrders(user?.email);
  const cancel = useCancelOrder();

  const onCancel = async (order: Order) => {
    if (!(await confirmDialog('Yes, cancel it!'))) return;
    try {
      await cancel.mutateAsync(order._id);
      toast.success('Your order is cancelled');
    } catch (error) {
      toast.error(errorMessage(error, 'The order could not be cancelled'));
    }
  };

  const count = orders.data?.length ?? 0;
  const holdHours = usePaymentConfig().data?.orders.holdHours;

  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="mb-4 text-2xl font-bold">
        My Orders{' '}
        <span className="text-base font-semibold text-base-content/70" data-testid="orders-count">
          (Total: {count})
        </span>
      </h2>
      {orders.isPending && user ? (
        <div role="status" aria-label="Loading your orders" className="flex justify-center py-10">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        </div>
      ) : orders.isError ? (
        <div role="alert" className="rounded-box border border-base-300 bg-base-100 p-6">
          <p>Your orders could not be loaded.</p>
          <button type="button" className="btn btn-primary btn-sm mt-3" onClick={() => void orders.refetch()}>
            Try again
          </button>
        </div>
      ) : count === 0 ? (
        <div className="rounded-box border border-dashed border-base-300 bg-base-200 p-6">
          <p>You have no orders yet.</p>
          <Link to={paths.home.getHref()} className="btn btn-primary btn-sm mt-3">
            Browse products
          </Link>
        </div>
      ) : (
        <>
          <MyOrdersTable
            orders={orders.data ?? []}
            onCancel={(order) => void onCancel(order)}
            cancellingId={cancel.isPending ? (cancel.variables ?? null) : null}
          />
          {holdHours !== undefined && orders.data?.some((order) => !order.paid) ? (
            <p className="mt-3 text-sm text-base-content/80" data-testid="hold-note">
              We hold the stock of an unpaid order for {holdHours} hours; after that the order is cancelled.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
};

export default MyOrdersRoute;
