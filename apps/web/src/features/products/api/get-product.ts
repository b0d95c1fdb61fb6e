import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@forgeline/shared/schemas/product';
import { api, ApiError } from '@/lib/api-client';
import { productKeys } from '@/lib/query-keys';

/** GET /api/purchase/:id: one product, for the purchase page (docs/product.md §7). */
export const getProduct = (id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Product> =>
  api.get<Product>(`/purchase/${encodeURIComponent(id)}`, signal ? { signal } : {});

export const getProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, { signal }),
    // A missing product is not worth three retries.
    retry: (failureCount, error) => failureCount < 3 && !(error instanceof ApiError && error.status === 404),
  });

export const useProduct = (id: string) => useQuery(getProductQueryOptions(id));
