import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AddCartLinesBody, Cart } from '@forgeline/shared/schemas/cart';
import { api } from '@/lib/api-client';
import { cartKeys } from '@/lib/query-keys';

/** POST /api/cart/lines: adds lines by product id or part number (a product already there sums). */
export const addCartLines = (body: AddCartLinesBody): Promise<Cart> => api.post<Cart>('/cart/lines', body);

/** The cart the server answered, as the cached one. */
export const cacheCart = (queryClient: QueryClient, cart: Cart) =>
  queryClient.setQueryData(cartKeys.all, cart);

export const useAddCartLines = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCartLines,
    onSuccess: (cart) => cacheCart(queryClient, cart),
  });
};
