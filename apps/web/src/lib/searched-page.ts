import { keepPreviousData } from '@tanstack/react-query';
import { api } from './api-client';
import { normalizeSearch } from './query-keys';

export type SearchedPageParams = { search?: string; page: number; signal?: AbortSignal };

export type SearchedPage<T> = { rows: T[]; total: number; search: string; page: number };

/**
 * GET `path`?limit=&page=&search=: one page of an admin list found by a search box (companies, users),
 * the total of all matches from X-Total-Count; without that header, the rows seen so far.
 */
export const getSearchedPage = async <T>(
  path: string,
  pageSize: number,
  { search, page, signal }: SearchedPageParams,
): Promise<SearchedPage<T>> => {
  const { data, total } = await api.getWithTotal<T[]>(path, {
    params: { limit: pageSize, page, search: normalizeSearch(search) },
    ...(signal ? { signal } : {}),
  });
  const rows = data ?? [];
  return {
    rows,
    total: total ?? (page - 1) * pageSize + rows.length,
    search: normalizeSearch(search) ?? '',
    page,
  };
};

/** The query options every searched page shares: always fresh, and the current rows stay up until the next page arrives. */
export const searchedPageQuery = { staleTime: 0, placeholderData: keepPreviousData } as const;
