import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductReviews } from '@forgeline/shared/schemas/review';
import { api } from '@/lib/api-client';
import { reviewKeys } from '@/lib/feature-query-keys';

/** GET /api/product/:id/reviews: a part's rating and its newest reviews. */
export const getProductReviews = (
  productId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProductReviews> =>
  api.get<ProductReviews>(`/product/${encodeURIComponent(productId)}/reviews`, signal ? { signal } : {});

/** The product page asks only once the reviews come near the screen (ProductReviews). */
export const useProductReviews = (productId: string) =>
  useQuery(
    queryOptions({
      queryKey: reviewKeys.list({ productId }),
      queryFn: ({ signal }) => getProductReviews(productId, { signal }),
    }),
  );
