import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyApplication, CompanyApplicationBody } from '@forgeline/shared/schemas/company';
import { api } from '@/lib/api-client';
import { companyKeys } from '@/lib/feature-query-keys';

/** POST /api/companyApplications: asks the shop for a business account. */
export const applyForCompany = (body: CompanyApplicationBody) =>
  api.post<CompanyApplication>('/companyApplications', body);

export const useApplyForCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyForCompany,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: companyKeys.mine() }),
  });
};
