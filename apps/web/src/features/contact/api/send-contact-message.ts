import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactBodyInput, InsertedResponse } from '@forgeline/shared/schemas/contact';
import { api } from '@/lib/api-client';
import { contactKeys } from '@/lib/feature-query-keys';

/** POST /api/contact: the home page's 'Send Us Email' form. */
export const sendContactMessage = (body: ContactBodyInput): Promise<InsertedResponse> =>
  api.post<InsertedResponse>('/contact', body);

export const useSendContactMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
};
