import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyAddress, CompanyAddressBody } from '@forgeline/shared/schemas/company';
import { api } from '@/lib/api-client';
import { companyKeys } from '@/lib/feature-query-keys';
import { retryUnlessRefused } from './retry';

const addressPath = (id: string) => `/company/addresses/${encodeURIComponent(id)}`;

/** GET /api/company/addresses: the delivery sites, for every member (checkout offers them too). */
export const useCompanyAddresses = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: companyKeys.addresses(),
    queryFn: ({ signal }) => api.get<CompanyAddress[]>('/company/addresses', { signal }),
    enabled,
    retry: retryUnlessRefused,
  });

const useAddressChange = <V, R>(change: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: companyKeys.addresses() }),
  });
};

/** POST /api/company/addresses, or PUT /api/company/addresses/:id with an id (company admin). */
export const useSaveAddress = () =>
  useAddressChange(({ id, body }: { id?: string; body: CompanyAddressBody }) =>
    id
      ? api.put<CompanyAddress>(addressPath(id), body)
      : api.post<CompanyAddress>('/company/addresses', body),
  );

/** DELETE /api/company/addresses/:id (company admin). */
export const useDeleteAddress = () => useAddressChange((id: string) => api.delete<void>(addressPath(id)));
