import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@forgeline/shared/schemas/order';
import { api, ApiError } from '@/lib/api-client';
import { orderKeys } from '@/lib/feature-query-keys';

/** GET /api/order/:id: one order (bearer), for the payment page. */
export const getOrder = (id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Order> =>
  api.get<Order>(`/order/${encodeURIComponent(id)}`, { auth: true, ...(signal ? { signal } : {}) });

export const getOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, { signal }),
    retry: (failureCount, error) =>
      failureCount < 3 && !(error instanceof ApiError && [401, 403, 404].includes(error.status)),
  });

export const useOrder = (id: string) => useQuery(getOrderQueryOptions(id));
