import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from '@/lib/query-keys';
import { orderKeys } from '@/lib/query-keys';

/** POST /api/order body (SPEC.md §7). The server takes name and email from the session and re-checks the figures. */
export type CreateOrderInput = {
  productId: string;
  name: string;
  email: string;
  productName: string;
  price: number;
  address: string;
  phone: string;
  buyQuantity: number;
  totalPrize: number;
};

export type CreateOrderResult = { acknowledged: boolean; insertedId: string };

export const createOrder = (input: CreateOrderInput): Promise<CreateOrderResult> =>
  api.post<CreateOrderResult>('/order', input, { auth: true });

export const useCreateOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => {
      // The order took stock from the product, and it is a new row of the order lists.
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
};
