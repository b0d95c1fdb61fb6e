import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@forgeline/shared/schemas/order';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/feature-query-keys';

/** GET /api/myOrders?email=: the signed-in customer's orders. */
export const getMyOrders = (email: string, { signal }: { signal?: AbortSignal } = {}): Promise<Order[]> =>
  api.get<Order[]>('/myOrders', { params: { email }, auth: true, ...(signal ? { signal } : {}) });

export const getMyOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: orderKeys.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, { signal }),
    enabled: email.length > 0,
  });

export const useMyOrders = (email: string | undefined) => useQuery(getMyOrdersQueryOptions(email ?? ''));
