import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewKeys } from '@/lib/feature-query-keys';

/** POST /api/review body (docs/product.md §7); the server takes name, email and img from the session. */
export type CreateReviewInput = {
  name: string;
  email: string;
  profession: string;
  review: string;
  img: string | null;
  rating: number;
  /** The part reviewed, when written from its product page. */
  productId?: string;
};

export const createReview = (input: CreateReviewInput): Promise<{ insertedId: string }> =>
  api.post<{ insertedId: string }>('/review', input, { auth: true });

export const useCreateReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
};
