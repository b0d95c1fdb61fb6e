import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys } from '@/lib/feature-query-keys';

export type PaymentIntentInput = { orderId: string; totalPrize: number };

/** POST /api/create-payment-intent (bearer): the client secret of the order's payment intent. */
export const createPaymentIntent = (input: PaymentIntentInput): Promise<{ clientSecret: string }> =>
  api.post<{ clientSecret: string }>('/create-payment-intent', input, { auth: true });

/**
 * Read as a query: one intent per order page visit, kept while the page is open. The server binds the
 * intent to the order, so asking twice answers the same intent.
 */
export const getPaymentIntentQueryOptions = (input: PaymentIntentInput | null) =>
  queryOptions({
    queryKey: paymentKeys.intent(input?.orderId ?? null),
    queryFn: () => createPaymentIntent(input as PaymentIntentInput),
    enabled: input !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
  });

export const usePaymentIntent = (input: PaymentIntentInput | null) =>
  useQuery(getPaymentIntentQueryOptions(input));
