import type { Product } from '@forgeline/shared/schemas/product';
import { api } from '@/lib/api-client';
import { normalizeSearch, type ProductListParams } from '@/lib/query-keys';

/**
 * One page of the catalogue, the number of all products that match (`X-Total-Count`), and which search
 * ('' for none) and page it answers: while the next one loads, what is on screen still belongs to this.
 */
export type ProductPage = { products: Product[]; total: number; search: string; page: number };

/** GET /api/products?search=&page=&limit=: the public catalogue, oldest first, one page of it (docs/product.md §7). */
export const getProducts = async ({
  search,
  page,
  limit,
  discontinued,
  signal,
}: ProductListParams & { signal?: AbortSignal } = {}): Promise<ProductPage> => {
  const { data, total } = await api.getWithTotal<Product[]>('/products', {
    params: { search: normalizeSearch(search), page, limit, discontinued },
    ...(signal ? { signal } : {}),
  });
  const products = data ?? [];
  // The server always sends X-Total-Count; without it, count what came (no further pages are offered).
  return {
    products,
    total: total ?? ((page ?? 1) - 1) * (limit ?? products.length) + products.length,
    search: normalizeSearch(search) ?? '',
    page: page ?? 1,
  };
};
