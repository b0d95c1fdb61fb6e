import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationPreview, MyCompany } from '@forgeline/shared/schemas/company';
import { api } from '@/lib/api-client';
import { companyKeys } from '@/lib/feature-query-keys';

const tokenPath = (token: string) => `/companyInvitations/${encodeURIComponent(token)}`;

/** GET /api/companyInvitations/:token: what the link offers (no sign-in needed; 404 used, 410 expired). */
export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: companyKeys.invitation(token),
    queryFn: ({ signal }) => api.get<InvitationPreview>(tokenPath(token), { signal }),
    // A 404 or 410 is the answer, not a hiccup to retry.
    retry: false,
  });

/** POST /api/companyInvitations/:token/accept: the signed-in account joins (its e-mail must be the invited one). */
export const useAcceptInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<MyCompany>(`${tokenPath(token)}/accept`),
    onSuccess: (mine) => {
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
      queryClient.setQueryData(companyKeys.mine(), mine);
    },
  });
};
