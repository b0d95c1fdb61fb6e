import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductLifecycle } from '@forgeline/shared/schemas/product';
import { api } from '@/lib/api-client';

const lifecycleKey = (productId: string) => ['products', 'detail', productId, 'lifecycle'] as const;

/** GET /api/product/:id/lifecycle (admin): discontinued, its replacement and related parts, by part number. */
export const useProductLifecycle = (productId: string) =>
  useQuery({
    queryKey: lifecycleKey(productId),
    queryFn: ({ signal }) =>
      api.get<ProductLifecycle>(`/product/${encodeURIComponent(productId)}/lifecycle`, { signal }),
  });

/** PUT /api/product/:id/lifecycle (admin): saved whole; the part's page and the lists change with it. */
export const useSetProductLifecycle = (productId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductLifecycle) =>
      api.put<ProductLifecycle>(`/product/${encodeURIComponent(productId)}/lifecycle`, body),
    onSuccess: (saved) => {
      client.setQueryData(lifecycleKey(productId), saved);
      return client.invalidateQueries({ queryKey: ['products'] });
    },
  });
};
