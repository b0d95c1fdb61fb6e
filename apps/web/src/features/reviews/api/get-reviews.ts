import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@forgeline/shared/schemas/review';
import { api } from '@/lib/api-client';
import { reviewKeys } from '@/lib/feature-query-keys';

/** GET /api/reviews: every review, newest first. */
export const getReviews = ({ signal }: { signal?: AbortSignal } = {}): Promise<Review[]> =>
  api.get<Review[]>('/reviews', signal ? { signal } : {});

export const getReviewsQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.all,
    queryFn: ({ signal }) => getReviews({ signal }),
  });

export const useReviews = () => useQuery(getReviewsQueryOptions());
