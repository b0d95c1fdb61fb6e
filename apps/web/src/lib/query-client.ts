import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { QUERY_GC_MS, QUERY_RETRIES } from '@forgeline/shared/constants';

/**
 * docs/product.md §9: unused data kept 5 minutes; failed fetches retried 3 times with exponential back-off
 * from 1 s capped at 30 s (TanStack Query's defaults, stated here so they cannot drift).
 */
export const queryConfig = {
  queries: {
    gcTime: QUERY_GC_MS,
    retry: QUERY_RETRIES,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  },
} satisfies DefaultOptions;

export const createQueryClient = () => new QueryClient({ defaultOptions: queryConfig });
