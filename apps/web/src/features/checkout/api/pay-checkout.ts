import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkoutKeys, orderKeys, paymentKeys } from '@/lib/feature-query-keys';

/** POST /api/checkouts/:id/payment-intent: one card payment for every unpaid line; the amount is the server's. */
export const openCheckoutPayment = (id: string) =>
  api.post<{ clientSecret: string }>(`/checkouts/${encodeURIComponent(id)}/payment-intent`);

/** Read as a query: one intent per page visit (asking again answers the same open intent). */
export const useCheckoutPaymentIntent = (id: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: paymentKeys.checkoutIntent(id),
      queryFn: () => openCheckoutPayment(id),
      enabled,
      staleTime: Infinity,
      gcTime: 0,
      retry: 1,
    }),
  );

/** PATCH /api/checkouts/:id: records the payment on every line; the server verifies it with the provider. */
export const markCheckoutPaid = ({ id, transactionId }: { id: string; transactionId: string }) =>
  api.patch<unknown>(`/checkouts/${encodeURIComponent(id)}`, { transactionId });

export const useMarkCheckoutPaid = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markCheckoutPaid,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
};
