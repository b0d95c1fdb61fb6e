import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductBody } from '@forgeline/shared/schemas/product';
import { api } from '@/lib/api-client';
import { productKeys } from '@/lib/query-keys';

/** POST /api/product (admin): `{ name, price, minOrder, availableQuantiity, description, img }`. */
export const createProduct = (body: ProductBody): Promise<{ insertedId: string }> =>
  api.post<{ insertedId: string }>('/product', body, { auth: true });

export const useCreateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
};
