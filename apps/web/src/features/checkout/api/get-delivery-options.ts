import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryOptions } from '@forgeline/shared/schemas/delivery';
import { api } from '@/lib/api-client';
import { deliveryKeys } from '@/lib/query-keys';

/** GET /api/delivery/options: the methods that serve the buyer's cart to a destination, cheapest first. */
export const getDeliveryOptions = (country: string, region: string) =>
  api.get<DeliveryOptions>(
    `/delivery/options?${new URLSearchParams({ country, ...(region && { region }) }).toString()}`,
  );

export const getDeliveryOptionsQueryOptions = (country: string, region: string, cartKey: string) =>
  queryOptions({
    // The cart's lines are part of the key: a changed cart weighs and costs differently.
    queryKey: [...deliveryKeys.options(country, region), cartKey],
    queryFn: () => getDeliveryOptions(country, region),
    enabled: /^[A-Z]{2}$/.test(country),
  });

export const useDeliveryOptions = (country: string, region: string, cartKey: string) =>
  useQuery(getDeliveryOptionsQueryOptions(country, region, cartKey));
