import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';

export type PaymentProviderName = 'test' | 'stripe';

export type PaymentConfig = {
  payments: { provider: PaymentProviderName; publishableKey: string | null };
  orders: { holdHours: number; newCustomerHoldHours: number };
};

/** How long unpaid orders are held, in words: shorter for a customer who has not paid an order yet. */
export const describeHold = ({ holdHours, newCustomerHoldHours }: PaymentConfig['orders']) =>
  newCustomerHoldHours === holdHours
    ? `${holdHours} hours`
    : `${holdHours} hours (${newCustomerHoldHours} hours until your first order is paid)`;

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
