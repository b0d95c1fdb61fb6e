import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyPatch, MyCompany } from '@forgeline/shared/schemas/company';
import { api } from '@/lib/api-client';
import { companyKeys } from '@/lib/feature-query-keys';

/** PATCH /api/company (company admin): name, tax ID, billing address, free-text delivery. */
export const updateCompany = (body: CompanyPatch) => api.patch<Company>('/company', body);

export const useUpdateCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) =>
      queryClient.setQueryData<MyCompany>(companyKeys.mine(), (mine) => mine && { ...mine, company }),
  });
};
