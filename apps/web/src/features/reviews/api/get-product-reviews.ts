import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductReviews } from '@forgeline/shared/schemas/review';
import { api } from '@/lib/api-client';
import { reviewKeys } from '@/lib/query-keys';

/** GET /api/product/:id/reviews: a part's rating and its newest reviews. */
export const getProductReviews = (
  productId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProductReviews> =>
  api.get<ProductReviews>(`/product/${encodeURIComponent(productId)}/reviews`, signal ? { signal } : {});

/** `enabled: false` until the reviews come near the screen, so the page's first paint needs one request. */
export const useProductReviews = (productId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery(
    queryOptions({
      queryKey: reviewKeys.list({ productId }),
      queryFn: ({ signal }) => getProductReviews(productId, { signal }),
      enabled,
    }),
  );
