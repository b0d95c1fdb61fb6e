import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Backorder } from '@forgeline/shared/schemas/backorder';
import { api } from '@/lib/api-client';
import { backorderKeys } from '@/lib/feature-query-keys';

export const BACKORDERS_PAGE_SIZE = 50;

/** GET /api/backorders (admin): a page of the order lines waiting for stock, oldest first (decision 0238). */
export const getBackordersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: backorderKeys.list({ page }),
    queryFn: ({ signal }) =>
      api.getWithTotal<Backorder[]>('/backorders', {
        auth: true,
        params: { page, limit: BACKORDERS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useBackorders = (page: number) => useQuery(getBackordersQueryOptions(page));
