import { useNavigate, useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { useOrderDetail } from '@/features/orders/api/get-order-detail';
import { OrderDetail } from '@/features/orders/components/order-detail';
import { useOrderActions } from '@/features/orders/components/use-order-actions';
import { InvoicesList } from '@/features/invoices/components/invoices-list';
import { OrderShipping } from '@/features/shipments/components/order-shipping';
import { AdminCheckoutDelivery } from '@/features/checkout/components/admin-checkout-delivery';
import { dashboardPaths } from '@/config/dashboard-paths';
import { ApiError } from '@/lib/api-client';
import { QueryState } from '@/components/ui/query-state';

/** /dashboard/order/:id, admins only: one order with everything needed to ship or cancel it. */
const OrderRoute = () => {
  const { id = '' } = useParams();
  const detail = useOrderDetail(id);
  const { onShip, onCancel, busyId } = useOrderActions();
  const navigate = useNavigate();
  const back = (
    <Link className="btn btn-ghost btn-sm" to={dashboardPaths.manageOrders.getHref()}>
      ← Manage All Orders
    </Link>
  );

  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-3">
      <div>{back}</div>
      <QueryState
        query={detail}
        subject="the order"
        errorText={(error) =>
          error instanceof ApiError && error.status === 404 ? (
            <span id="dashboard-title">
              There is no such order: a cancelled order is deleted (its refund stays on its credit note).
            </span>
          ) : (
            <span id="dashboard-title">The order could not be loaded.</span>
          )
        }
      >
        {(data) => (
          <OrderDetail
            detail={data}
            busy={busyId === data.order._id}
            shipping={<OrderShipping detail={data} />}
            delivery={data.checkout ? <AdminCheckoutDelivery checkoutId={data.checkout._id} /> : null}
            onShip={() => void onShip(data.order)}
            onCancel={() =>
              void onCancel(data.order).then((cancelled) => {
                if (cancelled) void navigate(dashboardPaths.manageOrders.getHref());
              })
            }
            documents={
              data.documents.length > 0 ? (
                <InvoicesList invoices={data.documents} />
              ) : (
                <p>None yet: the invoice is issued when the order is paid.</p>
              )
            }
          />
        )}
      </QueryState>
    </section>
  );
};

export default OrderRoute;
