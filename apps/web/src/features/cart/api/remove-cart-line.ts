import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@forgeline/shared/schemas/cart';
import { api } from '@/lib/api-client';
import { cartKeys } from '@/lib/query-keys';

/** DELETE /api/cart/lines/:productId. */
export const removeCartLine = (productId: string) =>
  api.delete<Cart>(`/cart/lines/${encodeURIComponent(productId)}`);

export const useRemoveCartLine = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartLine,
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.all, cart),
  });
};
