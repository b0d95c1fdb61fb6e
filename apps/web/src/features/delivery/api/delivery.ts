import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeliveryMethodBody,
  DeliveryMethodDto,
  DeliveryZoneBody,
  DeliveryZoneDto,
} from '@forgeline/shared/schemas/delivery';
import { api } from '@/lib/api-client';
import { deliveryKeys as baseKeys } from '@/lib/feature-query-keys';

/** The shop admin's zones and methods (decision 0235), under 'delivery': a change refreshes the buyer's options too. */
const deliveryKeys = {
  ...baseKeys,
  zones: () => [...baseKeys.lists(), 'zones'] as const,
  methods: () => [...baseKeys.lists(), 'methods'] as const,
};

export const useDeliveryZones = () =>
  useQuery({
    queryKey: deliveryKeys.zones(),
    queryFn: ({ signal }) => api.get<DeliveryZoneDto[]>('/delivery/zones', { signal }),
    staleTime: 0,
  });

export const useDeliveryMethods = () =>
  useQuery({
    queryKey: deliveryKeys.methods(),
    queryFn: ({ signal }) => api.get<DeliveryMethodDto[]>('/delivery/methods', { signal }),
    staleTime: 0,
  });

const useWrite = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
};

const path = (kind: 'zones' | 'methods', id?: string) =>
  `/delivery/${kind}${id ? `/${encodeURIComponent(id)}` : ''}`;

export const useSaveZone = () =>
  useWrite(({ id, body }: { id?: string; body: DeliveryZoneBody }) =>
    id ? api.put<DeliveryZoneDto>(path('zones', id), body) : api.post<DeliveryZoneDto>(path('zones'), body),
  );
export const useDeleteZone = () => useWrite((id: string) => api.delete<null>(path('zones', id)));

export const useSaveMethod = () =>
  useWrite(({ id, body }: { id?: string; body: DeliveryMethodBody }) =>
    id
      ? api.put<DeliveryMethodDto>(path('methods', id), body)
      : api.post<DeliveryMethodDto>(path('methods'), body),
  );
export const useDeleteMethod = () => useWrite((id: string) => api.delete<null>(path('methods', id)));
