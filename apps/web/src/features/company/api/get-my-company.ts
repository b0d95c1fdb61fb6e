import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyCompany } from '@forgeline/shared/schemas/company';
import { api } from '@/lib/api-client';
import { companyKeys } from '@/lib/feature-query-keys';
import { retryUnlessRefused } from './retry';

/** GET /api/company: the member's company and role, or their pending application. */
export const getMyCompany = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<MyCompany>('/company', { ...(signal && { signal }) });

export const myCompanyQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.mine(),
    queryFn: ({ signal }) => getMyCompany({ signal }),
    retry: retryUnlessRefused,
  });

export const useMyCompany = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...myCompanyQueryOptions(), enabled });
