import { productRulesProblems, type PriceTier } from '@forgeline/shared';
import type { NewProductRow, ProductRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { createProductsRepository } from './repository.ts';

/** The columns an admin writes: everything but the id and the timestamps. The B2B ones are optional. */
export type ProductFields = Pick<
  NewProductRow,
  'name' | 'priceCents' | 'minOrder' | 'availableQuantity' | 'description' | 'imageUrl'
> &
  Partial<Pick<NewProductRow, 'sku' | 'packSize' | 'maxOrder' | 'priceTiers'>>;

type CatalogueDeps = Pick<AppDeps, 'db' | 'catalogueCache'>;

/**
 * The product as it would be saved must make sense to a buyer: a minimum they can order (a whole
 * number of packs, not above the stock), a maximum above it, price breaks in order, a part number of
 * its own. Else a 400 naming each field.
 */
async function checkRules(deps: CatalogueDeps, id: string | null, product: ReturnType<typeof withDefaults>) {
  const problems = productRulesProblems({
    priceCents: product.priceCents,
    tiers: product.priceTiers,
    minOrder: product.minOrder,
    packSize: product.packSize,
    maxOrder: product.maxOrder,
    availableQuantity: product.availableQuantity,
  });
  if (product.sku) {
    const [owner] = await createProductsRepository(deps.db).findBySkus([product.sku]);
    if (owner && owner.id !== id) {
      problems.sku = `Part number ${product.sku} is already used by '${owner.name}'.`;
    }
  }
  const [first] = Object.values(problems);
  if (first) throw badRequest(first, problems);
}

function withDefaults(fields: ProductFields) {
  return {
    ...fields,
    packSize: fields.packSize ?? 1,
    maxOrder: fields.maxOrder ?? null,
    priceTiers: fields.priceTiers ?? ([] as PriceTier[]),
  };
}

/** The admin's catalogue writes. Each clears the cached product pages. */
export async function createProduct(deps: CatalogueDeps, fields: ProductFields): Promise<ProductRow> {
  const product = withDefaults(fields);
  await checkRules(deps, null, product);
  const row = await createProductsRepository(deps.db).insert(product);
  deps.catalogueCache.invalidate();
  return row;
}

/**
 * Replaces every field of the spec's product; the B2B fields the body leaves out keep their values.
 * Answers false when nothing would change.
 */
export async function replaceProduct(
  deps: CatalogueDeps,
  id: string,
  fields: ProductFields,
): Promise<boolean> {
  const repository = createProductsRepository(deps.db);
  const existing = await repository.findById(id);
  if (!existing) throw notFound('Product');
  const next = {
    ...fields,
    sku: fields.sku ?? existing.sku,
    packSize: fields.packSize ?? existing.packSize,
    maxOrder: fields.maxOrder === undefined ? existing.maxOrder : fields.maxOrder,
    priceTiers: fields.priceTiers ?? existing.priceTiers,
  };
  const unchanged = (Object.keys(next) as (keyof typeof next)[]).every(
    (key) => JSON.stringify(existing[key]) === JSON.stringify(next[key]),
  );
  if (unchanged) return false;
  await checkRules(deps, existing.id, next);
  if (!(await repository.update(existing.id, next))) throw notFound('Product');
  deps.catalogueCache.invalidate();
  return true;
}

/** Deletes a product. Orders keep their own copy of its name and price, so they stay whole. */
export async function deleteProduct(deps: CatalogueDeps, id: string): Promise<void> {
  if (!(await createProductsRepository(deps.db).delete(id))) throw notFound('Product');
  deps.catalogueCache.invalidate();
}
