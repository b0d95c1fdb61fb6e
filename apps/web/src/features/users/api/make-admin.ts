import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/lib/query-keys';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/feature-query-keys';

/** PUT /api/user/admin/:email (admin, bearer): makes that user an admin. */
export const makeAdmin = (email: string) =>
  api.put<{ modifiedCount: number }>(`/user/admin/${encodeURIComponent(email)}`, undefined, { auth: true });

/** Makes an admin, then refetches the user list and any cached admin status (docs/product.md §4). */
export const useMakeAdmin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: async (_data, _error, email) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: authKeys.admin(email) }),
      ]);
    },
  });
};
