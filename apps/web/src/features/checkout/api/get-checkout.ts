import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import { api } from '@/lib/api-client';
import { checkoutKeys } from '@/lib/feature-query-keys';

/** GET /api/checkouts/:id: the checkout and its standing lines (own, or any for an admin). */
export const getCheckout = (id: string) => api.get<Checkout>(`/checkouts/${encodeURIComponent(id)}`);

export const getCheckoutQueryOptions = (id: string) =>
  queryOptions({ queryKey: checkoutKeys.detail(id), queryFn: () => getCheckout(id) });

export const useCheckout = (id: string) => useQuery(getCheckoutQueryOptions(id));
