import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxExemption, TaxRateBody, TaxRateDto } from '@forgeline/shared/schemas/tax';
import { api } from '@/lib/api-client';
import { adminCompanyKeys, companyKeys, taxKeys as baseKeys } from '@/lib/feature-query-keys';

/** Every key of the feature under 'tax' (a change refreshes them all). */
const taxKeys = {
  ...baseKeys,
  rates: () => [...baseKeys.all, 'rates'] as const,
  exemptions: (companyId: string | null, status: 'pending' | 'all') =>
    [...baseKeys.all, 'exemptions', companyId, status] as const,
  own: () => [...baseKeys.all, 'own-exemptions'] as const,
};

export const taxReportHref = (from: string, to: string) =>
  `/api/tax/report.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
export const certificateHref = (id: string, own: boolean) =>
  own
    ? `/api/company/taxExemptions/${encodeURIComponent(id)}/file`
    : `/api/tax/exemptions/${encodeURIComponent(id)}/file`;

export const useTaxRates = () =>
  useQuery({
    queryKey: taxKeys.rates(),
    queryFn: ({ signal }) => api.get<TaxRateDto[]>('/tax/rates', { signal }),
    staleTime: 0,
  });

export const useExemptions = (companyId: string | null, status: 'pending' | 'all') =>
  useQuery({
    queryKey: taxKeys.exemptions(companyId, status),
    queryFn: ({ signal }) =>
      api.get<TaxExemption[]>(
        `/tax/exemptions?status=${status}${companyId ? `&companyId=${encodeURIComponent(companyId)}` : ''}`,
        { signal },
      ),
    staleTime: 0,
  });

export const useOwnExemptions = () =>
  useQuery({
    queryKey: taxKeys.own(),
    queryFn: ({ signal }) => api.get<TaxExemption[]>('/company/taxExemptions', { signal }),
    staleTime: 0,
  });

const useWrite = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: taxKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminCompanyKeys.all }),
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
      ]),
  });
};

export const useCreateTaxRate = () =>
  useWrite((body: TaxRateBody) => api.post<TaxRateDto>('/tax/rates', body));
export const useDeleteTaxRate = () =>
  useWrite((id: string) => api.delete<null>(`/tax/rates/${encodeURIComponent(id)}`));
export const useEndTaxRate = () =>
  useWrite(({ id, validTo }: { id: string; validTo: string }) =>
    api.patch<TaxRateDto>(`/tax/rates/${encodeURIComponent(id)}`, { validTo }),
  );
export const useDecideExemption = () =>
  useWrite(({ id, reason }: { id: string; reason?: string }) =>
    reason === undefined
      ? api.post<TaxExemption>(`/tax/exemptions/${encodeURIComponent(id)}/approve`)
      : api.post<TaxExemption>(`/tax/exemptions/${encodeURIComponent(id)}/reject`, { reason }),
  );
export const useTaxIdVerification = (companyId: string) =>
  useWrite((verified: boolean) => {
    const path = `/companies/${encodeURIComponent(companyId)}/taxId/verification`;
    return verified ? api.post<unknown>(path) : api.delete<unknown>(path);
  });
export const useUploadExemption = () =>
  useWrite((form: FormData) => api.post<TaxExemption>('/company/taxExemptions', form));
