import { useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { TaxTotals } from '@/components/ui/tax-totals';
import { CardList, type CardLook } from '@/components/ui/card-list';
import { formatPrice } from '@forgeline/shared/money';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useSession } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import { useCheckout } from '@/features/checkout/api/get-checkout';
import { useCheckoutPaymentIntent, useMarkCheckoutPaid } from '@/features/checkout/api/pay-checkout';
import { PaymentPanel } from '@/features/payments/components/payment-panel';
import { PaidNote } from '@/features/payments/components/paid-note';
import { QueryState } from '@/components/ui/query-state';
import { OrderDocumentsFor } from '@/features/invoices/components/order-documents';
import { dueDay } from '@/lib/payment-state';
import { BankTransferDetails } from '@/components/ui/bank-transfer-details';

const LINE_ROWS: CardLook = {
  list: 'flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100',
  card: 'flex flex-wrap items-baseline justify-between gap-2 p-3',
};

/** /checkout/:id: the placed checkout, its lines, and one card payment for all of them. */
const CheckoutPayRoute = () => {
  const { id = '' } = useParams();
  const { user } = useSession();
  const checkout = useCheckout(id);
  const [paidHere, setPaidHere] = useState(false);
  const payable =
    checkout.data !== undefined &&
    checkout.data.paymentMethod === 'card' &&
    !checkout.data.paid &&
    checkout.data.orders.length > 0;
  const intent = useCheckoutPaymentIntent(id, payable || paidHere);
  const markPaid = useMarkCheckoutPaid();

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <QueryState
        query={checkout}
        subject="your order"
        errorText={(error) =>
          error instanceof ApiError && error.status === 404
            ? 'This order was not found.'
            : 'The order could not be loaded.'
        }
        errorAction={
          <Link to={dashboardPaths.myOrders.getHref()} className="btn btn-primary btn-sm mt-3">
            My Orders
          </Link>
        }
      >
        {(data) => (
          <>
            <h1 className="text-3xl font-extrabold tracking-tight">
              Order <span className="font-mono">{data.number}</span>
            </h1>
            <p className="mt-1 text-sm text-base-content/80">
              {data.poReference ? `PO ${data.poReference} · ` : ''}
              Deliver to {data.address}, phone {data.phone}
            </p>
            <div className="mt-6 grid items-start gap-6 lg:grid-cols-[1fr_24rem]">
              <CardList
                items={data.orders}
                testId="checkout-line"
                look={LINE_ROWS}
                after={
                  <li className="p-3">
                    <TaxTotals
                      total={data.total}
                      tax={data.tax}
                      testId="payment-total"
                      delivery={data.delivery && { method: data.delivery.method, cost: data.delivery.cost }}
                    />
                  </li>
                }
              >
                {(order) => (
                  <>
                    <span className="min-w-0">
                      <span className="font-medium">{order.productName}</span>
                      <span className="ml-2 font-mono text-xs text-base-content/75">{order.number}</span>
                      {order.customerPartNumber ? (
                        <span className="ml-2 text-xs">
                          Your no. <span className="font-mono">{order.customerPartNumber}</span>
                        </span>
                      ) : null}
                    </span>
                    <span className="text-sm whitespace-nowrap">
                      {order.buyQuantity} × $ {formatPrice(order.price)} ={' '}
                      <span className="font-semibold">$ {formatPrice(order.totalPrize)}</span>
                    </span>
                  </>
                )}
              </CardList>
              <div className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
                {data.delivery?.status === 'awaiting_quote' ? (
                  // Freight quoted on request (decision 0236): paid once the shop has priced it.
                  <div data-testid="freight-awaiting">
                    <h2 className="text-lg font-bold">Waiting for the freight price</h2>
                    <p className="mt-1 text-sm">
                      We are pricing the freight of this order and will e-mail you. Then you pay here, or on
                      your invoice if you chose payment terms.
                    </p>
                    <Link to={dashboardPaths.myOrders.getHref()} className="btn btn-sm btn-outline mt-3">
                      My Orders
                    </Link>
                  </div>
                ) : data.paymentMethod === 'invoice' && !data.paid && data.dueAt ? (
                  // On payment terms (decision 0112): paid by transfer against the invoice, no card.
                  <div data-testid="terms-note">
                    <h2 className="text-lg font-bold">On your payment terms</h2>
                    <p className="mt-1 text-sm">
                      We ship without waiting for payment. Please pay ${' '}
                      {formatPrice(data.tax?.totalWithTax ?? data.total)} by bank transfer by{' '}
                      <strong>{dueDay(data.dueAt)}</strong>, quoting the invoice number.
                    </p>
                    {data.bankTransfer ? <BankTransferDetails transfer={data.bankTransfer} /> : null}
                    {data.orders[0] ? (
                      <div className="mt-2">
                        <OrderDocumentsFor orderId={data.orders[0]._id} />
                      </div>
                    ) : null}
                    <Link to={dashboardPaths.myOrders.getHref()} className="btn btn-sm btn-outline mt-3">
                      My Orders
                    </Link>
                  </div>
                ) : data.paid && !paidHere ? (
                  <PaidNote transactionId={data.orders[0]?.transactionId}>
                    <Link to={dashboardPaths.myOrders.getHref()} className="btn btn-sm btn-outline mt-3">
                      My Orders
                    </Link>
                  </PaidNote>
                ) : (
                  <PaymentPanel
                    holder={{ name: user?.name ?? '', email: user?.email ?? '' }}
                    intent={intent}
                    record={(transactionId) => markPaid.mutateAsync({ id: data._id, transactionId })}
                    onPaid={() => setPaidHere(true)}
                  />
                )}
              </div>
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
};

export default CheckoutPayRoute;
