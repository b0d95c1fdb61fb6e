import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@forgeline/shared/schemas/order';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/feature-query-keys';

/** GET /api/orders: every order, for admins. */
export const getOrders = ({ signal }: { signal?: AbortSignal } = {}): Promise<Order[]> =>
  api.get<Order[]>('/orders', { auth: true, ...(signal ? { signal } : {}) });

export const getOrdersQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.admin(),
    queryFn: ({ signal }) => getOrders({ signal }),
  });

export const useOrders = () => useQuery(getOrdersQueryOptions());
