import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyMember, CompanyMemberPatch } from '@forgeline/shared/schemas/company';
import { api } from '@/lib/api-client';
import { companyKeys } from '@/lib/feature-query-keys';

const memberPath = (userId: string) => `/company/members/${encodeURIComponent(userId)}`;

/** GET /api/company/members. */
export const useCompanyMembers = () =>
  useQuery({
    queryKey: companyKeys.members(),
    queryFn: ({ signal }) => api.get<CompanyMember[]>('/company/members', { signal }),
  });

/** PATCH /api/company/members/:userId (company admin): role, limits in dollars (null = none), sees all orders. */
export const useUpdateMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, patch }: { userId: string; patch: CompanyMemberPatch }) =>
      api.patch<CompanyMember>(memberPath(userId), patch),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
};

/** DELETE /api/company/members/:userId: the admin removes a member, or a member leaves (their own id). */
export const useRemoveMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<void>(memberPath(userId)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
};
