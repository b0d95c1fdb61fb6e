import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKeys, shipmentKeys } from '@/lib/feature-query-keys';

/** PUT /api/order/shipped/:id (admin): ships every piece still to ship of a paid (or on-terms) line. */
export const shipOrder = (id: string): Promise<{ modifiedCount: number }> =>
  api.put<{ modifiedCount: number }>(`/order/shipped/${encodeURIComponent(id)}`, undefined, { auth: true });

export const useShipOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
      ]),
  });
};
