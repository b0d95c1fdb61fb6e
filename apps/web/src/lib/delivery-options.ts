import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryOptionDto, DeliveryOptions } from '@forgeline/shared/schemas/delivery';
import { api } from '@/lib/api-client';
import { deliveryKeys } from '@/lib/feature-query-keys';

/**
 * What the options price: the buyer's cart (the default), an offer being accepted, or lines the admin
 * orders for a customer (decision 0268).
 */
export type DeliverySource = { quoteId: string } | { lines: string } | undefined;

const pathOf = (source: DeliverySource) =>
  source && 'quoteId' in source
    ? `/quotes/${encodeURIComponent(source.quoteId)}/delivery-options`
    : '/delivery/options';

/** GET /api/delivery/options (or an offer's): the methods that serve the goods to a destination, cheapest first. */
export const getDeliveryOptions = (country: string, region: string, source?: DeliverySource) =>
  api.get<DeliveryOptions>(
    `${pathOf(source)}?${new URLSearchParams({
      country,
      ...(region && { region }),
      ...(source && 'lines' in source && { lines: source.lines }),
    }).toString()}`,
  );

export const getDeliveryOptionsQueryOptions = (
  country: string,
  region: string,
  cartKey: string,
  source?: DeliverySource,
) =>
  queryOptions({
    // The cart's lines are part of the key: a changed cart weighs and costs differently.
    queryKey: [...deliveryKeys.options(country, region), cartKey, pathOf(source)],
    queryFn: () => getDeliveryOptions(country, region, source),
    enabled: /^[A-Z]{2}$/.test(country),
  });

export const useDeliveryOptions = (
  country: string,
  region: string,
  cartKey: string,
  source?: DeliverySource,
) => useQuery(getDeliveryOptionsQueryOptions(country, region, cartKey, source));

/**
 * GET /api/order/delivery: the delivery the spec's order form is charged for this part and quantity
 * (the cheapest method to the buyer's country, decision 0268); null when the order carries none.
 */
export const getOrderFormDelivery = (productId: string, quantity: number) =>
  api.get<{ delivery: DeliveryOptionDto | null }>(
    `/order/delivery?${new URLSearchParams({ productId, buyQuantity: String(quantity) }).toString()}`,
  );

export const useOrderFormDelivery = (productId: string, quantity: number | null) =>
  useQuery({
    // The factory's list key: the entry carries query-keys.ts, so no key of its own for one form.
    queryKey: deliveryKeys.list({ orderForm: productId, quantity }),
    queryFn: () => getOrderFormDelivery(productId, quantity ?? 0),
    enabled: quantity !== null,
    select: (answer) => answer.delivery,
  });
