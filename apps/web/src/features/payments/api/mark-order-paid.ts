import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/feature-query-keys';

/** PATCH /api/order/:id (bearer): records the payment; the server verifies it with the provider. */
export const markOrderPaid = ({ orderId, transactionId }: { orderId: string; transactionId: string }) =>
  api.patch<unknown>(`/order/${encodeURIComponent(orderId)}`, { transactionId }, { auth: true });

export const useMarkOrderPaid = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOrderPaid,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
};
