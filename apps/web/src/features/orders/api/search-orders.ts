import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@forgeline/shared/schemas/order';
import { api, type WithTotal } from '@/lib/api-client';
import { orderKeys } from '@/lib/feature-query-keys';

/** The admin's filters, as they stand in the address of Manage All Orders. */
export type OrderFilters = {
  search?: string;
  paid?: 'true' | 'false';
  status?: 'pending' | 'shipped';
  from?: string;
  to?: string;
  page: number;
};

export const ORDERS_PAGE_SIZE = 50;

/** GET /api/orders?limit=…: one page of the orders matching the filters, newest first, and their count. */
export const searchOrders = (
  filters: OrderFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<WithTotal<Order[]>> =>
  api.getWithTotal<Order[]>('/orders', {
    auth: true,
    params: { ...filters, limit: ORDERS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });

export const searchOrdersQueryOptions = (filters: OrderFilters) =>
  queryOptions({
    queryKey: orderKeys.search(filters),
    queryFn: ({ signal }) => searchOrders(filters, { signal }),
    // The page being left stays on screen until the next one arrives: no flash of a spinner.
    placeholderData: keepPreviousData,
  });

export const useSearchOrders = (filters: OrderFilters) => useQuery(searchOrdersQueryOptions(filters));
