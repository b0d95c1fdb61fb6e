import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@forgeline/shared/schemas/cart';
import { api } from '@/lib/api-client';
import { cartKeys } from '@/lib/query-keys';

/** PUT /api/cart/lines/:productId: a new quantity (a rule it breaks comes back on the line). */
export const setCartLine = ({ productId, quantity }: { productId: string; quantity: number }) =>
  api.put<Cart>(`/cart/lines/${encodeURIComponent(productId)}`, { quantity });

export const useSetCartLine = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCartLine,
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.all, cart),
  });
};
