import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@forgeline/shared/schemas/cart';
import { api } from '@/lib/api-client';
import { cartKeys } from '@/lib/query-keys';

/** GET /api/cart (signed in): every line priced at its tier, with the first rule it breaks today. */
export const getCart = (): Promise<Cart> => api.get<Cart>('/cart');

export const getCartQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: cartKeys.all, queryFn: getCart, enabled });

export const useCart = (enabled = true) => useQuery(getCartQueryOptions(enabled));
