import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnStatus } from '@forgeline/shared/returns';
import type { CreateReturnBodyInput, Return } from '@forgeline/shared/schemas/return';
import { api } from '@/lib/api-client';
import { orderKeys, returnKeys } from '@/lib/feature-query-keys';

/** GET /api/myReturns: the returns of the signed-in buyer's orders (and their company's, by role). */
export const getMyReturnsQueryOptions = () =>
  queryOptions({
    queryKey: returnKeys.mine(),
    queryFn: ({ signal }) => api.get<Return[]>('/myReturns', { auth: true, signal }),
  });

export const useMyReturns = (enabled = true) => useQuery({ ...getMyReturnsQueryOptions(), enabled });

export const RETURNS_PAGE_SIZE = 50;

/** GET /api/returns (admin): a page of every return, or of those at one step, newest first. */
export const useReturns = (status: ReturnStatus | undefined, page: number) =>
  useQuery({
    queryKey: returnKeys.admin(status, page),
    queryFn: ({ signal }) =>
      api.getWithTotal<Return[]>('/returns', {
        auth: true,
        params: { ...(status && { status }), page, limit: RETURNS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** POST /api/returns: asks to return shipped pieces of one line. */
export const useCreateReturn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReturnBodyInput) => api.post<Return>('/returns', body, { auth: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnKeys.all }),
  });
};

/** One of the shop's steps and what it sends. */
export type ReturnAction =
  | { id: string; step: 'approve'; note?: string }
  | { id: string; step: 'refuse'; note: string }
  | { id: string; step: 'receive'; resaleable: number }
  | { id: string; step: 'refund' };

/** POST /api/returns/:id/{approve,refuse,receive,refund} (admin); refreshes returns and orders (stock, documents). */
export const useReturnAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, step, ...body }: ReturnAction) =>
      api.post<Return>(`/returns/${encodeURIComponent(id)}/${step}`, body, { auth: true }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: returnKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
};
