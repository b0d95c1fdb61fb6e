import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutDelivery, FreightPriceBodySchema } from '@forgeline/shared/schemas/delivery';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { checkoutKeys, orderKeys } from '@/lib/feature-query-keys';

export type FreightPriceBody = z.output<typeof FreightPriceBodySchema>;
export type FreightPriced = { checkoutId: string; number: string; delivery: CheckoutDelivery };

/**
 * POST /api/checkouts/:id/freight (admin, decision 0236): prices freight quoted on request, net dollars.
 * 409 FREIGHT_ALREADY_PRICED when it is priced already.
 */
export const priceFreight = (checkoutId: string, body: FreightPriceBody) =>
  api.post<FreightPriced>(`/checkouts/${encodeURIComponent(checkoutId)}/freight`, body);

/** Prices the freight, then refreshes the checkout and every order view (its lines now carry it). */
export const usePriceFreight = (checkoutId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FreightPriceBody) => priceFreight(checkoutId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checkoutKeys.detail(checkoutId) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
};
