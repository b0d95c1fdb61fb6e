import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutBodyInput, Checkout } from '@forgeline/shared/schemas/checkout';
import type { ApprovalNeeded } from '@forgeline/shared/schemas/company';
import { api } from '@/lib/api-client';
import { cartKeys, productKeys } from '@/lib/query-keys';
import { companyKeys, orderKeys } from '@/lib/feature-query-keys';

/**
 * POST /api/checkout: places the lines (with the unit prices the buyer saw) all or nothing. The
 * Idempotency-Key is made once per intended checkout, so a retry after a lost answer places it once.
 * Over a company buyer's limit the answer is a 202 with the request sent for approval: nothing placed.
 */
export const placeCheckout = ({
  body,
  idempotencyKey,
}: {
  body: CheckoutBodyInput;
  idempotencyKey: string;
}) =>
  api.post<Checkout | ApprovalNeeded>('/checkout', body, { headers: { 'Idempotency-Key': idempotencyKey } });

export const usePlaceCheckout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeCheckout,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
  });
};
