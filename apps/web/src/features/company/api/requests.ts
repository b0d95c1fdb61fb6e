import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalResult, OrderRequest } from '@forgeline/shared/schemas/company';
import { api } from '@/lib/api-client';
import { cartKeys, productKeys } from '@/lib/query-keys';
import { checkoutKeys, companyKeys, orderKeys } from '@/lib/feature-query-keys';

const requestPath = (id: string) => `/company/requests/${encodeURIComponent(id)}`;

/** GET /api/company/requests: an approver's or admin's company requests, a buyer's own; newest first. */
export const useOrderRequests = (status: 'pending' | 'all', { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: companyKeys.requests(status),
    queryFn: ({ signal }) => api.get<OrderRequest[]>('/company/requests', { params: { status }, signal }),
    enabled,
  });

/** A decision changes the requests, and an approval places a checkout (orders, stock, the member's spend). */
const useDecision = <V, R>(decide: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
};

/** POST /api/company/requests/:id/approve: places the checkout (never the approver's own request). */
export const useApproveRequest = () =>
  useDecision(({ id, comment }: { id: string; comment?: string }) =>
    api.post<ApprovalResult>(`${requestPath(id)}/approve`, comment ? { comment } : {}),
  );

/** POST /api/company/requests/:id/reject: the comment is required. */
export const useRejectRequest = () =>
  useDecision(({ id, comment }: { id: string; comment: string }) =>
    api.post<OrderRequest>(`${requestPath(id)}/reject`, { comment }),
  );

/** POST /api/company/requests/:id/withdraw: the buyer who asked takes it back. */
export const useWithdrawRequest = () =>
  useDecision((id: string) => api.post<OrderRequest>(`${requestPath(id)}/withdraw`));
