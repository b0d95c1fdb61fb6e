import type { CancelPreview } from '@forgeline/shared/schemas/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from '@/lib/query-keys';
import { orderKeys } from '@/lib/feature-query-keys';

/**
 * GET /api/myOrder/:id/cancellation: what cancelling would do (the refund and its amount), from the
 * server, for the confirmation dialog; rejects with the cancel's own refusal.
 */
export const previewCancel = (id: string): Promise<CancelPreview> =>
  api.get<CancelPreview>(`/myOrder/${encodeURIComponent(id)}/cancellation`, { auth: true });

/** DELETE /api/myOrder/:id: cancels an order (it stays listed as cancelled); customers and admins alike. */
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
