import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@forgeline/shared';
import { api } from '@/lib/api-client';

/** The spec caches reviews under the key 'reviews' (SPEC.md §7). */
export const reviewKeys = { all: ['reviews'] as const };

/** GET /api/reviews: every review, newest first. */
export const getReviews = ({ signal }: { signal?: AbortSignal } = {}): Promise<Review[]> =>
  api.get<Review[]>('/reviews', signal ? { signal } : {});

export const getReviewsQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.all,
    queryFn: ({ signal }) => getReviews({ signal }),
  });

export const useReviews = () => useQuery(getReviewsQueryOptions());
