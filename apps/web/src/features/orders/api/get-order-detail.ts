import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@forgeline/shared/schemas/order-detail';
import { api, ApiError } from '@/lib/api-client';
import { orderKeys } from '@/lib/feature-query-keys';

/** GET /api/orders/:id (admin): the order with its customer, payment, checkout, documents and timeline. */
export const getOrderDetail = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<AdminOrderDetail>(`/orders/${encodeURIComponent(id)}`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });

export const getOrderDetailQueryOptions = (id: string) =>
  queryOptions({
    // Under orderKeys.all: Ship and Cancel refetch it with the lists.
    queryKey: [...orderKeys.detail(id), 'admin'] as const,
    queryFn: ({ signal }) => getOrderDetail(id, { signal }),
    retry: (failureCount, error) =>
      failureCount < 3 && !(error instanceof ApiError && [401, 403, 404].includes(error.status)),
  });

export const useOrderDetail = (id: string) => useQuery(getOrderDetailQueryOptions(id));
