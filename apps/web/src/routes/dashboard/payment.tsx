import { useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { formatPrice } from '@forgeline/shared/money';
import { dashboardPaths } from '@/config/dashboard-paths';
import { ApiError } from '@/lib/api-client';
import { useOrder } from '@/features/orders/api/get-order';
import { OrderPaymentPanel } from '@/features/payments/components/payment-panel';
import { PaidNote } from '@/features/payments/components/paid-note';
import { QueryState } from '@/components/ui/query-state';
import { CheckoutDeliveryRows } from '@/features/checkout/components/checkout-delivery';
import { DashboardPage } from '@/components/ui/dashboard-page';

/** /dashboard/payment/:id (docs/product.md §2): the order's summary and the card entry with a Pay button. */
const PaymentRoute = () => {
  const { id = '' } = useParams();
  const order = useOrder(id);
  // Once paid on this page, the panel stays (with its success text) when the refetched order says 'paid'.
  const [paidHere, setPaidHere] = useState(false);

  return (
    <DashboardPage title="Payment">
      <QueryState
        query={order}
        subject="the order"
        errorText={(error) =>
          error instanceof ApiError && [403, 404].includes(error.status)
            ? 'This order was not found.'
            : 'The order could not be loaded.'
        }
        errorAction={
          <Link to={dashboardPaths.myOrders.getHref()} className="btn btn-primary btn-sm mt-3">
            Back to My Orders
          </Link>
        }
      >
        {(data) => (
          <div className="grid max-w-4xl items-start gap-6 lg:grid-cols-2">
            <article
              className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm"
              aria-labelledby="order-summary"
            >
              <p className="text-sm font-semibold text-primary">Hello, {data.name}</p>
              <h3 id="order-summary" className="mt-1 text-xl font-bold">
                Please pay for {data.productName}
              </h3>
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="font-semibold">Name</dt>
                <dd>{data.productName}</dd>
                <dt className="font-semibold">Quantity</dt>
                <dd>{data.buyQuantity} pcs</dd>
                <dt className="font-semibold">Price Per Unit</dt>
                <dd>$ {formatPrice(data.price)}</dd>
                <dt className="font-semibold">Total</dt>
                <dd className="text-lg font-bold" data-testid="payment-total">
                  $ {formatPrice(data.totalPrize)}
                </dd>
                {data.checkoutId ? <CheckoutDeliveryRows checkoutId={data.checkoutId} /> : null}
              </dl>
            </article>
            <div className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
              {data.paid && !paidHere ? (
                <PaidNote transactionId={data.transactionId} />
              ) : (
                <OrderPaymentPanel order={data} onPaid={() => setPaidHere(true)} />
              )}
            </div>
          </div>
        )}
      </QueryState>
    </DashboardPage>
  );
};

export default PaymentRoute;
