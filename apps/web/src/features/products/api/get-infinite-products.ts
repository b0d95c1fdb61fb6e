import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { productKeys } from '@/lib/query-keys';
import { getProducts } from './get-products';

// The home grid's paging, apart from getProducts: only the home page loads TanStack's infinite query.

/** Products per page of the home grid: the demo catalogue (12) shows whole on the first load. */
export const HOME_PAGE_SIZE = 24;

/** The home grid's list: pages of HOME_PAGE_SIZE, the next one fetched by 'Show more products'. */
export const getInfiniteProductsQueryOptions = ({ search }: { search?: string } = {}) =>
  infiniteQueryOptions({
    queryKey: productKeys.infinite({ search, limit: HOME_PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) =>
      getProducts({ search, page: pageParam, limit: HOME_PAGE_SIZE, signal }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      lastPage.products.length > 0 && lastPageParam * HOME_PAGE_SIZE < lastPage.total
        ? lastPageParam + 1
        : undefined,
    // A new search keeps the current cards on screen until its answer arrives (no flash of skeletons).
    placeholderData: keepPreviousData,
  });

export const useInfiniteProducts = ({ search }: { search?: string } = {}) =>
  useInfiniteQuery(getInfiniteProductsQueryOptions({ search }));
