import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview } from '@forgeline/shared/schemas/overview';
import { api } from '@/lib/api-client';
import { createQueryKeys } from '@/lib/query-keys';

export const overviewKeys = createQueryKeys('overview');

/** GET /api/overview (admin): revenue, work waiting, low stock, revenue per day, top products. */
export const getOverview = (days: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<Overview>('/overview', { auth: true, params: { days }, ...(signal ? { signal } : {}) });

export const getOverviewQueryOptions = (days: number) =>
  queryOptions({
    queryKey: overviewKeys.detail(String(days)),
    queryFn: ({ signal }) => getOverview(days, { signal }),
  });

export const useOverview = (days: number) => useQuery(getOverviewQueryOptions(days));
