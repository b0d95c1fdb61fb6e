import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewsletterBodyInput, NewsletterResponse } from '@forgeline/shared/schemas/contact';
import { api } from '@/lib/api-client';
import { newsletterKeys } from '@/lib/feature-query-keys';

/** POST /api/newsletter: the footer's Newsletter box (new and known addresses get the same answer). */
export const subscribe = (body: NewsletterBodyInput): Promise<NewsletterResponse> =>
  api.post<NewsletterResponse>('/newsletter', body);

export const useSubscribe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribe,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: newsletterKeys.all }),
  });
};
