import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/feature-query-keys';

/** DELETE /api/user/:id (admin): 409 for yourself or the last admin. */
export const deleteUser = (id: string) =>
  api.delete<{ deletedCount: number }>(`/user/${encodeURIComponent(id)}`);

/** Deletes, then refetches the user list (docs/product.md §4). */
export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
};
