import type { NewProductRow, ProductRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { createProductsRepository } from './repository.ts';

/** The columns an admin writes: everything but the id and the timestamps. */
export type ProductFields = Pick<
  NewProductRow,
  'name' | 'priceCents' | 'minOrder' | 'availableQuantity' | 'description' | 'imageUrl'
>;

type CatalogueDeps = Pick<AppDeps, 'db' | 'catalogueCache'>;

/** The admin's catalogue writes. Each clears the cached product pages. */
export async function createProduct(deps: CatalogueDeps, fields: ProductFields): Promise<ProductRow> {
  const row = await createProductsRepository(deps.db).insert(fields);
  deps.catalogueCache.invalidate();
  return row;
}

/** Replaces every field of a product; answers false when nothing would change. */
export async function replaceProduct(
  deps: CatalogueDeps,
  id: string,
  fields: ProductFields,
): Promise<boolean> {
  const repository = createProductsRepository(deps.db);
  const existing = await repository.findById(id);
  if (!existing) throw notFound('Product');
  const unchanged = (Object.keys(fields) as (keyof ProductFields)[]).every(
    (key) => existing[key] === fields[key],
  );
  if (unchanged) return false;
  if (!(await repository.update(existing.id, fields))) throw notFound('Product');
  deps.catalogueCache.invalidate();
  return true;
}

/** Deletes a product. Orders keep their own copy of its name and price, so they stay whole. */
export async function deleteProduct(deps: CatalogueDeps, id: string): Promise<void> {
  if (!(await createProductsRepository(deps.db).delete(id))) throw notFound('Product');
  deps.catalogueCache.invalidate();
}
