import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSummary } from '@forgeline/shared';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

/** GET /api/users (admin): every user, for the Make Admin table. */
export const getUsers = ({ signal }: { signal?: AbortSignal } = {}): Promise<UserSummary[]> =>
  api.get<UserSummary[]>('/users', signal ? { signal } : {});

export const getUsersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => getUsers({ signal }),
    staleTime: 0,
  });

export const useUsers = () => useQuery(getUsersQueryOptions());
