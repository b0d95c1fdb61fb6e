import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ReorderResponse } from '@forgeline/shared/schemas/checkout';
import { api } from '@/lib/api-client';
import { cartKeys } from '@/lib/query-keys';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';

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

/**
 * 'Order again': the parts back in the cart, then the cart, which shows what changed since (price, stock,
 * quantities corrected to today's rules); a refusal is a toast and the page stays.
 */
export const useOrderAgain = () => {
  const navigate = useNavigate();
  const mutation = useReorder();
  const orderAgain = async (target: { kind: 'order' | 'checkout'; id: string }) => {
    try {
      const answer = await mutation.mutateAsync(target);
      await navigate(paths.cart.getHref(), { state: { changes: answer.changes } });
    } catch (error) {
      toast.error(errorMessage(error, `The ${target.kind} could not be put in your cart`));
    }
  };
  /** The order or checkout being put back in the cart: its button waits. */
  const pendingId = mutation.isPending ? (mutation.variables?.id ?? null) : null;
  return { orderAgain, pendingId };
};
