import { lazy, Suspense, useState } from 'react';
import { Link } from '@/components/ui/link';
import { messages } from '@forgeline/shared/messages';
import type { Order } from '@forgeline/shared/schemas/order';
import { dashboardPaths } from '@/config/dashboard-paths';
import { usePaymentConfig } from '@/lib/payment-config';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useMarkOrderPaid } from '../api/mark-order-paid';
import { TestCardForm } from './test-card-form';
import { TransactionIdLine } from './paid-note';
import { Alert } from '@/components/ui/alert';
import { Loading as LoadingState } from '@/components/ui/spinner';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

const Loading = ({ label }: { label: string }) => <LoadingState label={label} size="md" className="py-6" />;

type PaymentPanelProps = {
  /** The card holder, for the provider's billing details. */
  holder: { name: string; email: string };
  /** The payment intent being opened (its client secret), as a query. */
  intent: { data: { clientSecret: string } | undefined; isError: boolean; error: Error | null };
  /** Records the payment on the server once the card went through (the server verifies it). */
  record: (transactionId: string) => Promise<unknown>;
  onPaid?: () => void;
};

/**
 * The card entry of the payment page (docs/product.md §2, §5, §8): the server's processor's form, the card error
 * in red above the success text, then 'Congrats! Your payment is completed' and the transaction id.
 * What is paid (one order, or every line of a checkout) is the caller's: its intent and its record.
 */
export const PaymentPanel = ({ holder, intent, record, onPaid: onCompleted }: PaymentPanelProps) => {
  const config = usePaymentConfig();
  const [cardError, setCardError] = useState<string | null>(null);
  const [transactionId, setTransactionId] = useState<string | null>(null);
  const [recordError, setRecordError] = useState<string | null>(null);

  const onPaid = async (id: string) => {
    setTransactionId(id);
    setCardError(null);
    onCompleted?.();
    try {
      await record(id);
    } catch {
      setRecordError(
        'Your payment went through, but the order could not be updated yet. Please refresh in a moment.',
      );
    }
  };

  const formProps = {
    clientSecret: intent.data?.clientSecret,
    holder,
    onPaid,
    onCardError: setCardError,
  };

  return (
    <div className="flex flex-col gap-3">
      {transactionId ? null : config.isPending ? (
        <Loading label="Loading the card form" />
      ) : config.isError ? (
        <Alert>The card form could not be loaded. Please refresh the page.</Alert>
      ) : config.data.payments.provider === 'stripe' && config.data.payments.publishableKey ? (
        <Suspense fallback={<Loading label="Loading the card form" />}>
          <StripeCardForm publishableKey={config.data.payments.publishableKey} {...formProps} />
        </Suspense>
      ) : (
        <TestCardForm {...formProps} />
      )}

      {intent.isError && !transactionId ? (
        <Alert>{intent.error?.message || 'The payment could not be prepared.'}</Alert>
      ) : null}

      <div aria-live="polite" className="flex flex-col gap-2">
        <Alert announce={false} data-testid="card-error">
          {cardError}
        </Alert>
        {transactionId ? (
          <div
            className="rounded-box border border-[#15803d]/40 bg-[#f0fdf4] p-4"
            data-testid="payment-success"
          >
            <p className="font-semibold text-[#15803d]">{messages.paymentCompleted}</p>
            <TransactionIdLine transactionId={transactionId} />
            <Link to={dashboardPaths.myOrders.getHref()} className="btn btn-sm btn-outline mt-3">
              Back to My Orders
            </Link>
          </div>
        ) : null}
        <Alert announce={false}>{recordError}</Alert>
      </div>
    </div>
  );
};

/** The payment of one order (the spec's payment page). */
export const OrderPaymentPanel = ({ order, onPaid }: { order: Order; onPaid?: () => void }) => {
  const intent = usePaymentIntent({ orderId: order._id, totalPrize: order.totalPrize });
  const markPaid = useMarkOrderPaid();
  return (
    <PaymentPanel
      holder={{ name: order.name, email: order.email }}
      intent={intent}
      record={(transactionId) => markPaid.mutateAsync({ orderId: order._id, transactionId })}
      {...(onPaid && { onPaid })}
    />
  );
};
