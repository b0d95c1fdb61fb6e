import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BrowseResult } from '@forgeline/shared/schemas/catalogue';
import { api, ApiError } from '@/lib/api-client';
import { catalogueKeys } from './catalogue-keys';

/** A page's API parameters from its category and its address's query: blanks left out, keys in order. */
export function browseParams(category: string | null, search: URLSearchParams): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of [...search.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (key !== 'category' && value.trim() !== '') params[key] = value;
  }
  if (category) params.category = category;
  return params;
}

/** GET /api/catalogue: a category's or a search's parts with their filters and counts. */
export const getCatalogue = (params: Record<string, string>, signal?: AbortSignal) =>
  api.get<BrowseResult>(`/catalogue?${new URLSearchParams(params).toString()}`, signal ? { signal } : {});

export const getCatalogueQueryOptions = (params: Record<string, string>) =>
  queryOptions({
    queryKey: catalogueKeys.browse(params),
    queryFn: ({ signal }) => getCatalogue(params, signal),
    // While the next filter's answer comes, the page keeps showing the last one (no flash of a spinner).
    placeholderData: keepPreviousData,
    retry: (failureCount, error) =>
      failureCount < 3 && !(error instanceof ApiError && (error.status === 404 || error.status === 400)),
  });

export const useCatalogue = (params: Record<string, string>) => useQuery(getCatalogueQueryOptions(params));
