import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from '@/lib/query-keys';
import { orderKeys } from '@/lib/query-keys';

/** DELETE /api/myOrder/:id: cancels (deletes) an order; used by customers and admins alike. */
export const cancelOrder = (id: string): Promise<{ deletedCount: number }> =>
  api.delete<{ deletedCount: number }>(`/myOrder/${encodeURIComponent(id)}`, { auth: true });

export const useCancelOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => {
      // Lists refetched after a change (docs/product.md §4); the stock came back to the product.
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
};
