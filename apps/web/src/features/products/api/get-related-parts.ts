import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RelatedPart } from '@forgeline/shared/schemas/product';
import { api } from '@/lib/api-client';

/** GET /api/product/:id/related: the admin's accessories and alternatives, in their order (decision 0233). */
export const getRelatedPartsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['products', 'detail', productId, 'related'] as const,
    queryFn: ({ signal }) =>
      api.get<RelatedPart[]>(`/product/${encodeURIComponent(productId)}/related`, { signal }),
  });

export const useRelatedParts = (productId: string) => useQuery(getRelatedPartsQueryOptions(productId));
