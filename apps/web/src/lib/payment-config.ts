import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys } from '@/lib/feature-query-keys';

export type PaymentProviderName = 'test' | 'stripe';

export type PaymentConfig = {
  payments: { provider: PaymentProviderName; publishableKey: string | null };
  orders: { paymentWindowMinutes: number };
};

/** How long an unpaid card order holds its stock, in words (docs/decisions/0156). */
export const describeHold = ({ paymentWindowMinutes }: PaymentConfig['orders']) =>
  paymentWindowMinutes % 60 === 0 && paymentWindowMinutes >= 120
    ? `${paymentWindowMinutes / 60} hours`
    : `${paymentWindowMinutes} minutes`;

/** The rule a buyer reads before placing a card order: how long the stock waits for their payment. */
export const cardHoldRule = (orders: PaymentConfig['orders']) =>
  `Paying by card: we hold the stock for ${describeHold(orders)} while you pay. An order not paid by then is cancelled and its stock released.`;

/** GET /api/config: which card processor the server uses (docs/architecture.md §5) and how long unpaid orders are held. */
export const getPaymentConfig = ({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentConfig> =>
  api.get<PaymentConfig>('/config', signal ? { signal } : {});

export const getPaymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.config(),
    queryFn: ({ signal }) => getPaymentConfig({ signal }),
    staleTime: Infinity,
  });

export const usePaymentConfig = () => useQuery(getPaymentConfigQueryOptions());
