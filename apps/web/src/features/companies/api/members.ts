import { useMutation } from '@tanstack/react-query';
import type { CompanyMember, CompanyMemberPatch, CompanyRole } from '@forgeline/shared/schemas/company';
import { api } from '@/lib/api-client';
import { companyPath, useRefreshCompany } from './companies';

const memberPath = (companyId: string, userId: string) =>
  `${companyPath(companyId)}/members/${encodeURIComponent(userId)}`;

/** POST /api/companies/:id/members (admin): an existing customer joins, by e-mail, in a role. */
export const useAttachMember = (companyId: string) => {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (body: { email: string; role: CompanyRole }) =>
      api.post<CompanyMember>(`${companyPath(companyId)}/members`, body),
    onSettled: () => refresh(companyId),
  });
};

/** PATCH /api/companies/:id/members/:userId (admin): role, seeing all orders, limits in dollars. */
export const useUpdateMember = (companyId: string) => {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: CompanyMemberPatch }) =>
      api.patch<CompanyMember>(memberPath(companyId, userId), body),
    onSettled: () => refresh(companyId),
  });
};

/** DELETE /api/companies/:id/members/:userId (admin): the account stays, outside the company. */
export const useRemoveMember = (companyId: string) => {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (userId: string) => api.delete<void>(memberPath(companyId, userId)),
    onSettled: () => refresh(companyId),
  });
};
