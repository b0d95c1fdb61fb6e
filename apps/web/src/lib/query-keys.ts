/**
 * Every TanStack Query key of the app, from one factory (the shape of Medusa's query-key-factory). Each
 * resource's keys start with its scope: invalidating `xKeys.all` refreshes all of them, `xKeys.lists()`
 * every list, `xKeys.details()` every single item. Features import their keys from here and from
 * feature-query-keys.ts, so that a mutation of one feature can refresh another's data without importing
 * that feature. This file holds the factory and the keys of the app's shell (session, cart, catalogue),
 * which every page's first script carries; the others are in feature-query-keys.ts, loaded by the
 * pages that use them.
 */
export const createQueryKeys = <const Scope extends string>(scope: Scope) => {
  const keys = {
    all: [scope] as const,
    lists: () => [scope, 'list'] as const,
    list: <const Params extends object>(params: Params) => [...keys.lists(), params] as const,
    details: () => [scope, 'detail'] as const,
    detail: (id: string) => [...keys.details(), id] as const,
  };
  return keys;
};

/** What a products list is asked for: a name search, a page and its size. */
export type ProductListParams = {
  search?: string;
  page?: number;
  limit?: number;
  /** The admin's list shows discontinued parts too (decision 0233). */
  discontinued?: 'include';
};

/** A blank search is no search: the key and the URL leave it out. */
export const normalizeSearch = (search: string | undefined) => search?.trim() || undefined;

const products = createQueryKeys('products');
export const productKeys = {
  ...products,
  /** One page of a (searched) list, e.g. Manage Products' table. */
  list: ({ search, page = 1, limit, discontinued }: ProductListParams = {}) =>
    products.list({ kind: 'page', search: normalizeSearch(search), page, limit, discontinued }),
  /** A list loaded page after page ('Show more products'): one cache entry for all its pages. */
  infinite: ({ search, limit }: Omit<ProductListParams, 'page'> = {}) =>
    products.list({ kind: 'infinite', search: normalizeSearch(search), limit }),
};

/** The session and the admin check: sign-out keeps only these ('auth' first). */
export const authKeys = {
  all: ['auth'] as const,
  session: () => ['auth', 'session'] as const,
  admin: (email: string) => ['auth', 'admin', email.toLowerCase()] as const,
};

/** The signed-in buyer's server cart (one per account). */
export const cartKeys = { all: ['cart'] as const };
