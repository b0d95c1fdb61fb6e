import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateShipmentBodyInput, Shipment } from '@forgeline/shared/schemas/shipment';
import { api } from '@/lib/api-client';
import { orderKeys, shipmentKeys } from '@/lib/feature-query-keys';

/** GET /api/myShipments: the shipments of the signed-in buyer's orders (and their company's, by role). */
export const getMyShipmentsQueryOptions = () =>
  queryOptions({
    queryKey: shipmentKeys.mine(),
    queryFn: ({ signal }) => api.get<Shipment[]>('/myShipments', { auth: true, signal }),
  });

export const useMyShipments = (enabled = true) => useQuery({ ...getMyShipmentsQueryOptions(), enabled });

/** GET /api/order/:id/shipments: the shipments with pieces of one order line. */
export const useOrderShipments = (orderId: string) =>
  useQuery({
    queryKey: shipmentKeys.ofOrder(orderId),
    queryFn: ({ signal }) =>
      api.get<Shipment[]>(`/order/${encodeURIComponent(orderId)}/shipments`, { auth: true, signal }),
  });

/** POST /api/shipments (admin): refreshes the orders (their shipped pieces) and every shipments list. */
export const useCreateShipment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShipmentBodyInput) => api.post<Shipment>('/shipments', body, { auth: true }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
      ]),
  });
};
