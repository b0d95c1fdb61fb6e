import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { useMyOrders } from '@/features/orders/api/get-my-orders';
import { useCancelMyOrder } from '@/features/orders/components/use-order-actions';
import { useOrderAgain } from '@/features/checkout/api/reorder';
import { MyOrdersTable, type CheckoutGroup } from '@/features/orders/components/my-orders-table';
import { useMyInvoices } from '@/features/invoices/api/get-my-invoices';
import { documentsByOrder, OrderDocuments } from '@/features/invoices/components/order-documents';
import { describeHold, usePaymentConfig } from '@/lib/payment-config';
import { ListQueryState } from '@/components/ui/query-state';
import { useMyShipments } from '@/features/shipments/api/shipments';
import { ShipmentsList } from '@/features/shipments/components/shipments-list';
import { ReturnsPanel } from '@/features/returns/components/returns-panel';
import { CheckoutDeliveryNote } from '@/features/checkout/components/checkout-delivery';
import { PendingRequestsNote } from '@/features/company/components/pending-requests-note';

/** /dashboard/myOrders (docs/product.md §2): the customer's orders grouped by checkout, cancel, pay, order again. */
const MyOrdersRoute = () => {
  const { user } = useSession();
  const orders = useMyOrders(user?.email);
  const { onCancel, cancellingId } = useCancelMyOrder();
  const { orderAgain, pendingId } = useOrderAgain();
  // One request for the documents of every order, shown as links beside each.
  const invoices = useMyInvoices();
  const documents = documentsByOrder(invoices.data ?? []);
  // One request for every shipment, shown under the checkout its lines belong to.
  const shipments = useMyShipments(user !== null).data ?? [];
  const shipmentsOf = (group: CheckoutGroup) => {
    const ids = new Set(group.orders.map((order) => order._id));
    const mine = shipments.filter((shipment) => shipment.lines.some((line) => ids.has(line.orderId)));
    return mine.length > 0 ? (
      <ShipmentsList
        shipments={mine}
        label={`Shipments of ${group.checkoutNumber ?? group.orders[0]?.number}`}
      />
    ) : null;
  };

  // Every part of the checkout at once, through the server's reorder (today's prices, stock and rules).
  const onReorder = (group: CheckoutGroup) =>
    orderAgain(
      group.checkoutId ? { kind: 'checkout', id: group.checkoutId } : { kind: 'order', id: group.key },
    );

  const count = orders.data?.length ?? 0;
  const hold = usePaymentConfig().data?.orders;

  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="mb-4 text-2xl font-bold">
        My Orders{' '}
        <span className="text-base font-semibold text-base-content/70" data-testid="orders-count">
          (Total: {count})
        </span>
      </h2>
      <PendingRequestsNote />
      {count > 0 ? (
        <a href="/api/myOrders.csv" download className="btn btn-sm btn-outline mb-3">
          Download CSV
        </a>
      ) : null}
      <ListQueryState
        query={orders}
        subject="your orders"
        empty={
          <>
            <p>You have no orders yet.</p>
            <Link to={paths.home.getHref()} className="btn btn-primary btn-sm mt-3">
              Browse products
            </Link>
          </>
        }
      >
        {(list) => (
          <>
            <MyOrdersTable
              orders={list}
              viewerEmail={user?.email}
              onCancel={(order) => void onCancel(order)}
              cancellingId={cancellingId}
              onReorder={(group) => void onReorder(group)}
              reorderingId={pendingId}
              documentsOf={(order) => <OrderDocuments documents={documents.get(order._id) ?? []} />}
              shipmentsOf={shipmentsOf}
              deliveryOf={(group) =>
                group.checkoutId ? <CheckoutDeliveryNote checkoutId={group.checkoutId} /> : null
              }
            />
            <ReturnsPanel orders={list} />
            {hold !== undefined && list.some((order) => !order.paid && !order.dueAt) ? (
              <p className="mt-3 text-sm text-base-content/80" data-testid="hold-note">
                We hold the stock of an unpaid card order for {describeHold(hold)} from when it is placed;
                after that the order is cancelled.
              </p>
            ) : null}
          </>
        )}
      </ListQueryState>
    </section>
  );
};

export default MyOrdersRoute;
