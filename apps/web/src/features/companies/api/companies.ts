import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Company,
  CompanyBody,
  CompanyDetail,
  CompanyPatch,
  CompanySummary,
} from '@forgeline/shared/schemas/company';
import type { PaymentTermsBody } from '@forgeline/shared/schemas/payment-terms';
import { api } from '@/lib/api-client';
import { normalizeSearch } from '@/lib/query-keys';
import { adminCompanyKeys } from '@/lib/feature-query-keys';
import { getSearchedPage, searchedPageQuery, type SearchedPageParams } from '@/lib/searched-page';

/** Rows per page of the Companies list. */
export const COMPANIES_PAGE_SIZE = 20;

export type CompaniesPage = { companies: CompanySummary[]; total: number; search: string; page: number };

export const companyPath = (id: string) => `/companies/${encodeURIComponent(id)}`;

/** GET /api/companies?limit=&page=&search= (admin): one page, found by name or tax ID, with X-Total-Count. */
export const getCompaniesPage = async (params: SearchedPageParams): Promise<CompaniesPage> => {
  const { rows, ...rest } = await getSearchedPage<CompanySummary>('/companies', COMPANIES_PAGE_SIZE, params);
  return { companies: rows, ...rest };
};

export const useCompaniesPage = (params: { search: string; page: number }) =>
  useQuery({
    // Under adminCompanyKeys.lists(), so that a change to a company refreshes it; built here, not in
    // query-keys.ts (a module every route loads).
    queryKey: adminCompanyKeys.list({
      kind: 'page',
      search: normalizeSearch(params.search),
      page: params.page,
    }),
    queryFn: ({ signal }) => getCompaniesPage({ ...params, signal }),
    ...searchedPageQuery,
  });

/** GET /api/companies/:id (admin): the company and everything its page shows. */
export const useCompanyDetail = (id: string) =>
  useQuery({
    queryKey: adminCompanyKeys.detail(id),
    queryFn: ({ signal }) => api.get<CompanyDetail>(companyPath(id), { signal }),
    staleTime: 0,
  });

/** After any change to a company: its page and the list (members, terms) are read again. */
export const useRefreshCompany = () => {
  const queryClient = useQueryClient();
  return (id: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminCompanyKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: adminCompanyKeys.lists() }),
    ]);
};

/** POST /api/companies (admin): a new company without members yet. */
export const useCreateCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyBody) => api.post<Company>('/companies', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompanyKeys.lists() }),
  });
};

/** PATCH /api/companies/:id (admin): name, tax ID, billing address, free-text delivery. */
export const useUpdateCompany = (id: string) => {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (body: CompanyPatch) => api.patch<Company>(companyPath(id), body),
    onSettled: () => refresh(id),
  });
};

/** PATCH /api/companies/:id/terms (admin): approve, change or withdraw paying by invoice. */
export const useSetCompanyTerms = (id: string) => {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (body: PaymentTermsBody) => api.patch<Company>(`${companyPath(id)}/terms`, body),
    onSettled: () => refresh(id),
  });
};
