import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InvitationBody } from '@forgeline/shared/schemas/company';
import { api } from '@/lib/api-client';
import { companyKeys } from '@/lib/feature-query-keys';

const invitationPath = (id: string) => `/company/invitations/${encodeURIComponent(id)}`;

/** GET /api/company/invitations (company admin): pending and expired. */
export const useInvitations = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: companyKeys.invitations(),
    queryFn: ({ signal }) => api.get<Invitation[]>('/company/invitations', { signal }),
    enabled,
  });

const useInvitationChange = <V, R>(change: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: companyKeys.invitations() }),
  });
};

/** POST /api/company/invitations: mails a link valid 7 days. */
export const useInvite = () =>
  useInvitationChange((body: InvitationBody) => api.post<Invitation>('/company/invitations', body));

/** POST /api/company/invitations/:id/resend: a new link; the old one stops working. */
export const useResendInvitation = () =>
  useInvitationChange((id: string) => api.post<Invitation>(`${invitationPath(id)}/resend`));

/** DELETE /api/company/invitations/:id. */
export const useRevokeInvitation = () =>
  useInvitationChange((id: string) => api.delete<void>(invitationPath(id)));
