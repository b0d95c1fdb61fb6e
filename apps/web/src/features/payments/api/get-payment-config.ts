import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';

export type PaymentProviderName = 'test' | 'stripe';

export type PaymentConfig = {
  payments: { provider: PaymentProviderName; publishableKey: string | null };
  orders: { holdHours: number };
};

/** GET /api/config: which card processor the server uses (DESIGN.md §5) and how long unpaid orders are held. */
export const getPaymentConfig = ({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentConfig> =>
  api.get<PaymentConfig>('/config', signal ? { signal } : {});

export const getPaymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.config(),
    queryFn: ({ signal }) => getPaymentConfig({ signal }),
    staleTime: Infinity,
  });

export const usePaymentConfig = () => useQuery(getPaymentConfigQueryOptions());
