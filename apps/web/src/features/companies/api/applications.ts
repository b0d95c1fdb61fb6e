import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyApplication } from '@forgeline/shared/schemas/company';
import { api } from '@/lib/api-client';
import { adminCompanyKeys } from '@/lib/feature-query-keys';

export type ApplicationFilter = 'pending' | 'all';

const applicationPath = (id: string) => `/companyApplications/${encodeURIComponent(id)}`;

/** GET /api/companyApplications?status= (admin): applications for a business account. */
export const useCompanyApplications = (status: ApplicationFilter) =>
  useQuery({
    queryKey: [...adminCompanyKeys.all, 'applications', status],
    queryFn: ({ signal }) =>
      api.get<CompanyApplication[]>('/companyApplications', { params: { status }, signal }),
    staleTime: 0,
  });

/** A decision changes the applications, the companies (an approval makes one) and their pages. */
const useDecision = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCompanyKeys.all }),
  });
};

/** POST /api/companyApplications/:id/approve: the company is made, the applicant its admin. */
export const useApproveApplication = () =>
  useDecision((id: string) =>
    api.post<{ application: CompanyApplication; company: Company }>(`${applicationPath(id)}/approve`),
  );

/** POST /api/companyApplications/:id/decline {reason?}: the applicant reads the reason. */
export const useDeclineApplication = () =>
  useDecision(({ id, reason }: { id: string; reason?: string }) =>
    api.post<CompanyApplication>(`${applicationPath(id)}/decline`, reason ? { reason } : {}),
  );
