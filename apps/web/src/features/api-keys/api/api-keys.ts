import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyBody, NewApiKey } from '@forgeline/shared/schemas/api-key';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from '@/lib/feature-query-keys';

/** Whose keys: the shop's (admin) or the signed-in company admin's company. */
export type KeyOwner = 'shop' | 'company';
const pathOf = (owner: KeyOwner) => (owner === 'shop' ? '/apiKeys' : '/company/apiKeys');

export const useApiKeys = (owner: KeyOwner) =>
  useQuery({
    queryKey: apiKeyKeys.list({ owner }),
    queryFn: ({ signal }) => api.get<ApiKey[]>(pathOf(owner), { signal }),
    staleTime: 0,
  });

const useKeyWrite = <Input, Output>(owner: KeyOwner, mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list({ owner }) }),
  });
};

/** Makes a key; the answer carries its secret, this once. */
export const useCreateApiKey = (owner: KeyOwner) =>
  useKeyWrite(owner, (body: ApiKeyBody) => api.post<NewApiKey>(pathOf(owner), body));

export const useRevokeApiKey = (owner: KeyOwner) =>
  useKeyWrite(owner, (id: string) => api.delete<null>(`${pathOf(owner)}/${encodeURIComponent(id)}`));
