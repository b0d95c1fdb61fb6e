import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalNeeded, OrderOnBehalfBody } from '@forgeline/shared/schemas/company';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import { api } from '@/lib/api-client';
import { productKeys } from '@/lib/query-keys';
import { adminCompanyKeys, orderKeys } from '@/lib/feature-query-keys';
import { companyPath } from './companies';

/** 201: placed (a checkout); 202: over the buyer's limit, an order request waits for an approver. */
export type OrderForCustomerResult =
  { kind: 'placed'; checkout: Checkout } | { kind: 'approval'; request: ApprovalNeeded['request'] };

/**
 * POST /api/companies/:id/orders (admin): lines placed for a buyer of the company. The two answers are
 * told apart by their shape (a 202 carries `request`), so the API client needs no status. The
 * Idempotency-Key is made once per intended order, as the checkout's.
 */
export const placeOrderForCustomer = async ({
  companyId,
  body,
  idempotencyKey,
}: {
  companyId: string;
  body: OrderOnBehalfBody;
  idempotencyKey: string;
}): Promise<OrderForCustomerResult> => {
  const answer = await api.post<Checkout | ApprovalNeeded>(`${companyPath(companyId)}/orders`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return 'request' in answer
    ? { kind: 'approval', request: answer.request }
    : { kind: 'placed', checkout: answer };
};

export const useOrderForCustomer = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: OrderOnBehalfBody; idempotencyKey: string }) =>
      placeOrderForCustomer({ companyId, ...input }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminCompanyKeys.detail(companyId) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
};
