import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Backorder } from '@forgeline/shared/schemas/backorder';
import { api } from '@/lib/api-client';
import { backorderKeys } from '@/lib/query-keys';

/** GET /api/backorders (admin): order lines with pieces waiting for stock, oldest first (decision 0238). */
export const getBackordersQueryOptions = () =>
  queryOptions({
    queryKey: backorderKeys.lists(),
    queryFn: ({ signal }) => api.get<Backorder[]>('/backorders', { auth: true, signal }),
  });

export const useBackorders = () => useQuery(getBackordersQueryOptions());
