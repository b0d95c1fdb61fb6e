import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from '@/lib/query-keys';

/** DELETE /api/product/:id (admin). */
export const deleteProduct = (id: string): Promise<{ deletedCount: number }> =>
  api.delete<{ deletedCount: number }>(`/product/${encodeURIComponent(id)}`, { auth: true });

export const useDeleteProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
};
