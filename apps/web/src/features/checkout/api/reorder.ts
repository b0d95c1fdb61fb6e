import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReorderResponse } from '@forgeline/shared/schemas/checkout';
import { api } from '@/lib/api-client';
import { cartKeys } from '@/lib/query-keys';

/** POST /api/order/:id/reorder or /api/checkouts/:id/reorder: the parts back in the cart, and what changed. */
export const reorder = ({ kind, id }: { kind: 'order' | 'checkout'; id: string }) =>
  api.post<ReorderResponse>(
    kind === 'order'
      ? `/order/${encodeURIComponent(id)}/reorder`
      : `/checkouts/${encodeURIComponent(id)}/reorder`,
  );

export const useReorder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorder,
    onSuccess: (answer) => queryClient.setQueryData(cartKeys.all, answer.cart),
  });
};
