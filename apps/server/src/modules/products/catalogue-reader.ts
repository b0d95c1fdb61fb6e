import {
  ProductListQuerySchema,
  type Product,
  type ProductListQuery,
} from '@forgeline/shared/schemas/product';
import type { Executor } from '../../db/client.ts';
import type { CachedPage, CatalogueCache } from './catalogue-cache.ts';
import { createProductsRepository, toProductDto } from './repository.ts';

/**
 * The public catalogue as GET /api/products and GET /api/purchase/:id answer it, for those routes and for
 * the pages the server renders (docs/decisions/0040): both read the same cached pages.
 */
export function createCatalogueReader(db: Executor, cache: CatalogueCache) {
  const repository = createProductsRepository(db);

  const page = (query: ProductListQuery): Promise<CachedPage> =>
    cache.get(
      JSON.stringify([query.search?.toLowerCase() ?? '', query.page ?? 1, query.limit ?? 0]),
      async () => {
        const { items, total } = await repository.list(query);
        return { body: JSON.stringify(items), total };
      },
    );

  return {
    page,
    /** One page of the catalogue, parsed; a query the API would refuse is refused here too. */
    async products(query: { search?: string; page: number; limit: number }) {
      const cached = await page(ProductListQuerySchema.parse(query));
      return {
        products: JSON.parse(cached.bodyIn('identity').toString('utf8')) as Product[],
        total: cached.total,
      };
    },
    async product(id: string): Promise<Product | null> {
      const row = await repository.findById(id);
      return row ? toProductDto(row) : null;
    },
  };
}

export type CatalogueReader = ReturnType<typeof createCatalogueReader>;
