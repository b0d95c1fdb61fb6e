import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductBody } from '@forgeline/shared/schemas/product';
import { api } from '@/lib/api-client';
import { productKeys } from '@/lib/query-keys';

/** PUT /api/product/:id (admin): the same body as POST /api/product (the Update button works). */
export const updateProduct = ({
  id,
  body,
}: {
  id: string;
  body: ProductBody;
}): Promise<{ modifiedCount: number }> =>
  api.put<{ modifiedCount: number }>(`/product/${encodeURIComponent(id)}`, body, { auth: true });

export const useUpdateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
};
