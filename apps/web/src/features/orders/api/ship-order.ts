import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys';

/** PUT /api/order/shipped/:id (admin): marks a paid order shipped. */
export const shipOrder = (id: string): Promise<{ modifiedCount: number }> =>
  api.put<{ modifiedCount: number }>(`/order/shipped/${encodeURIComponent(id)}`, undefined, { auth: true });

export const useShipOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
};
