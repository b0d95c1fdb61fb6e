import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@forgeline/shared/schemas/cart';
import type { SavedList, SavedListBody } from '@forgeline/shared/schemas/company';
import { api } from '@/lib/api-client';
import { cartKeys } from '@/lib/query-keys';
import { companyKeys } from '@/lib/feature-query-keys';

const listPath = (id: string) => `/company/lists/${encodeURIComponent(id)}`;

/** GET /api/company/lists: the company's shared part lists. */
export const useSavedLists = () =>
  useQuery({
    queryKey: companyKeys.lists(),
    queryFn: ({ signal }) => api.get<SavedList[]>('/company/lists', { signal }),
  });

const useListChange = <V, R>(change: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
  });
};

/** POST /api/company/lists, or PUT /api/company/lists/:id with an id. */
export const useSaveList = () =>
  useListChange(({ id, body }: { id?: string; body: SavedListBody }) =>
    id ? api.put<SavedList>(listPath(id), body) : api.post<SavedList>('/company/lists', body),
  );

/** DELETE /api/company/lists/:id. */
export const useDeleteList = () => useListChange((id: string) => api.delete<void>(listPath(id)));

/** POST /api/company/lists/:id/cart: every line through the quick-order rules; `skipped` says what was not. */
export const useAddListToCart = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Cart>(`${listPath(id)}/cart`),
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.all, cart),
  });
};
