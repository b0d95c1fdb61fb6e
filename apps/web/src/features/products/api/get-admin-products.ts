import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getProducts, type ProductPage } from './get-products';
import { productKeys } from '@/lib/query-keys';

/** Rows per page of the Manage Products table. */
export const ADMIN_PAGE_SIZE = 20;

type AdminProductsParams = { search?: string; page: number };

/**
 * GET /api/products?search=&page=&limit=20: one page of the admin's manage list (docs/product.md §7). The api
 * client sends the stored bearer token with every call, this one included.
 */
export const getAdminProducts = ({
  search,
  page,
  signal,
}: AdminProductsParams & { signal?: AbortSignal }): Promise<ProductPage> =>
  getProducts({
    search,
    page,
    limit: ADMIN_PAGE_SIZE,
    discontinued: 'include',
    ...(signal ? { signal } : {}),
  });

export const getAdminProductsQueryOptions = ({ search, page }: AdminProductsParams) =>
  queryOptions({
    queryKey: productKeys.list({ search, page, limit: ADMIN_PAGE_SIZE, discontinued: 'include' }),
    queryFn: ({ signal }) => getAdminProducts({ search, page, signal }),
    // Paging and searching keep the current rows until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const useAdminProducts = (params: AdminProductsParams) =>
  useQuery(getAdminProductsQueryOptions(params));
