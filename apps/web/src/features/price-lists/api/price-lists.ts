import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanySummary } from '@forgeline/shared/schemas/company';
import type {
  AssignmentBody,
  CompanyPricing,
  CustomerGroup,
  PriceExplanation,
  PriceListBody,
  PriceListDetail,
  PriceListImportReport,
  PriceListItemBody,
  PriceListSummary,
  ProductAccess,
  ProductAccessBody,
} from '@forgeline/shared/schemas/price-list';
import { api } from '@/lib/api-client';
import { productKeys } from '@/lib/query-keys';
import { adminCompanyKeys, priceListKeys as listKeys } from '@/lib/feature-query-keys';

/**
 * Every key of the feature under 'price-lists' (so a change refreshes them all); built here, not in
 * query-keys.ts, a module every route loads.
 */
const priceListKeys = {
  ...listKeys,
  groups: () => [...listKeys.all, 'groups'] as const,
  companyPricing: (companyId: string) => [...listKeys.all, 'company', companyId] as const,
  priceCheck: (companyId: string, part: string, quantity: number | null) =>
    [...listKeys.all, 'price-check', companyId, part.toUpperCase(), quantity] as const,
  productAccess: (productId: string) => [...listKeys.all, 'access', productId] as const,
  companySearch: (search: string) => [...listKeys.all, 'company-search', search] as const,
};

/** The shop admin's price lists, customer groups and part visibility (decision 0217). */

const listPath = (id: string) => `/price-lists/${encodeURIComponent(id)}`;
export const priceListCsvHref = (id: string) => `/api${listPath(id)}/items.csv`;

export const usePriceLists = () =>
  useQuery({
    queryKey: priceListKeys.lists(),
    queryFn: ({ signal }) => api.get<PriceListSummary[]>('/price-lists', { signal }),
    staleTime: 0,
  });

export const usePriceList = (id: string) =>
  useQuery({
    queryKey: priceListKeys.detail(id),
    queryFn: ({ signal }) => api.get<PriceListDetail>(listPath(id), { signal }),
    staleTime: 0,
  });

/** After any change: every list, group, company's terms and the catalogue (prices) are read again. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: priceListKeys.all }),
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminCompanyKeys.all }),
    ]);
};

const useWrite = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn, onSuccess: () => refresh() });
};

export const useCreatePriceList = () =>
  useWrite((body: PriceListBody) => api.post<PriceListDetail>('/price-lists', body));
export const useUpdatePriceList = (id: string) =>
  useWrite((body: PriceListBody) => api.put<PriceListDetail>(listPath(id), body));
export const useDeletePriceList = () => useWrite((id: string) => api.delete<null>(listPath(id)));
export const useSetItem = (id: string) =>
  useWrite((body: PriceListItemBody) => api.put<PriceListDetail>(`${listPath(id)}/items`, body));
export const useRemoveItem = (id: string) =>
  useWrite((productId: string) => api.delete<null>(`${listPath(id)}/items/${encodeURIComponent(productId)}`));
export const useAddAssignment = (id: string) =>
  useWrite((body: AssignmentBody) => api.post<PriceListDetail>(`${listPath(id)}/assignments`, body));
export const useChangeAssignment = (id: string) =>
  useWrite(({ assignmentId, priority }: { assignmentId: string; priority: number }) =>
    api.patch<PriceListDetail>(`${listPath(id)}/assignments/${encodeURIComponent(assignmentId)}`, {
      priority,
    }),
  );
export const useRemoveAssignment = (id: string) =>
  useWrite((assignmentId: string) =>
    api.delete<null>(`${listPath(id)}/assignments/${encodeURIComponent(assignmentId)}`),
  );

/** POST /price-lists/:id/import: the file as the text/csv body; a dry run writes nothing. */
export const useImportPriceList = (id: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: Blob; dryRun: boolean }) =>
      api.post<PriceListImportReport>(`${listPath(id)}/import`, new Blob([file], { type: 'text/csv' }), {
        params: { dryRun },
        auth: true,
      }),
    onSettled: (_data, _error, { dryRun }) => {
      if (!dryRun) void refresh();
    },
  });
};
export const useCustomerGroups = () =>
  useQuery({
    queryKey: priceListKeys.groups(),
    queryFn: ({ signal }) => api.get<CustomerGroup[]>('/customer-groups', { signal }),
    staleTime: 0,
  });
export const useCreateGroup = () =>
  useWrite((name: string) => api.post<CustomerGroup>('/customer-groups', { name }));
export const useRenameGroup = () =>
  useWrite(({ id, name }: { id: string; name: string }) =>
    api.patch<CustomerGroup>(`/customer-groups/${encodeURIComponent(id)}`, { name }),
  );
export const useDeleteGroup = () =>
  useWrite((id: string) => api.delete<null>(`/customer-groups/${encodeURIComponent(id)}`));

const companyPath = (id: string) => `/companies/${encodeURIComponent(id)}`;
export const useCompanyPricing = (companyId: string) =>
  useQuery({
    queryKey: priceListKeys.companyPricing(companyId),
    queryFn: ({ signal }) => api.get<CompanyPricing>(`${companyPath(companyId)}/pricing`, { signal }),
    staleTime: 0,
  });
export const useSetCompanyGroup = (companyId: string) =>
  useWrite((groupId: string | null) =>
    api.put<CompanyPricing>(`${companyPath(companyId)}/group`, { groupId }),
  );

/** GET /companies/:id/prices/:part?quantity=: which price the company pays, and why. */
export const usePriceCheck = (companyId: string, part: string, quantity: number | null) =>
  useQuery({
    queryKey: priceListKeys.priceCheck(companyId, part, quantity),
    queryFn: ({ signal }) =>
      api.get<PriceExplanation>(`${companyPath(companyId)}/prices/${encodeURIComponent(part)}`, {
        signal,
        ...(quantity ? { params: { quantity } } : {}),
      }),
    enabled: part !== '',
    staleTime: 0,
    retry: false,
  });

/** The first companies whose name or tax ID matches: what the assignment and visibility pickers offer. */
export const useCompanySearch = (search: string) =>
  useQuery({
    queryKey: priceListKeys.companySearch(search),
    queryFn: ({ signal }) =>
      api.get<CompanySummary[]>('/companies', { signal, params: { limit: 10, page: 1, search } }),
    enabled: search.trim() !== '',
  });

export const useProductAccess = (productId: string) =>
  useQuery({
    queryKey: priceListKeys.productAccess(productId),
    queryFn: ({ signal }) =>
      api.get<ProductAccess>(`/products/${encodeURIComponent(productId)}/access`, { signal }),
    staleTime: 0,
  });
export const useSetProductAccess = (productId: string) =>
  useWrite((body: ProductAccessBody) =>
    api.put<ProductAccess>(`/products/${encodeURIComponent(productId)}/access`, body),
  );
