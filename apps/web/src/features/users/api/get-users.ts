import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSummary } from '@forgeline/shared/schemas/user';
import { api } from '@/lib/api-client';
import { normalizeSearch } from '@/lib/query-keys';
import { userKeys } from '@/lib/feature-query-keys';
import { getSearchedPage, searchedPageQuery, type SearchedPageParams } from '@/lib/searched-page';

/** GET /api/users (admin): every user (the specification's whole list). */
export const getUsers = ({ signal }: { signal?: AbortSignal } = {}): Promise<UserSummary[]> =>
  api.get<UserSummary[]>('/users', signal ? { signal } : {});

export const getUsersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => getUsers({ signal }),
    staleTime: 0,
  });

export const useUsers = () => useQuery(getUsersQueryOptions());

/** Rows per page of the Make Admin table. */
export const USERS_PAGE_SIZE = 20;

export type UsersPage = { users: UserSummary[]; total: number; search: string; page: number };

/**
 * GET /api/users?limit=20&page=&search=: one page of Make Admin, newest first, found by e-mail or name;
 * the total of all matches from X-Total-Count (a shop with 50,000 customers is not one table).
 */
export const getUsersPage = async (params: SearchedPageParams): Promise<UsersPage> => {
  const { rows, ...rest } = await getSearchedPage<UserSummary>('/users', USERS_PAGE_SIZE, params);
  return { users: rows, ...rest };
};

export const useUsersPage = (params: { search: string; page: number }) =>
  useQuery({
    // Under userKeys.lists(), so a delete or a make-admin refreshes it. Built here, not in query-keys.ts
    // (a module every route loads).
    queryKey: [
      ...userKeys.lists(),
      { kind: 'page', search: normalizeSearch(params.search), page: params.page },
    ],
    queryFn: ({ signal }) => getUsersPage({ ...params, signal }),
    ...searchedPageQuery,
  });
