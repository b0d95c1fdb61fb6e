import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSpecs } from '@forgeline/shared/schemas/catalogue';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './catalogue-keys';

/** GET /api/products/:id/specs: a part's category trail and its values, for its page. */
export const getProductSpecsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...catalogueKeys.details(), id, 'specs'] as const,
    queryFn: ({ signal }) => api.get<ProductSpecs>(`/products/${encodeURIComponent(id)}/specs`, { signal }),
  });

export const useProductSpecs = (id: string) => useQuery(getProductSpecsQueryOptions(id));
