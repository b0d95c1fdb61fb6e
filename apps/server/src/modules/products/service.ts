import { productRulesProblems, type PriceTier } from '@forgeline/shared/pricing';
import { backorderProblems } from '@forgeline/shared/backorders';
import { fillBackorders } from '../backorders/index.ts';
import { toCents } from '@forgeline/shared/money';
import { PART_PHOTO_PLACEHOLDER } from '@forgeline/shared/images';
import type { ProductBody } from '@forgeline/shared/schemas/product';
import type { NewProductRow, ProductRow } from '../../db/schema/index.ts';
import type { Executor } from '../../db/client.ts';
import { writeCatalogue } from '../../lib/catalogue-write.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { changedFields, recordAudit, sameValue, type AuditActor } from '../audit/index.ts';
import { readCatalogue, specsOfProducts } from '../categories/index.ts';
import { encodeAttributes, type ExportedProduct } from './csv.ts';
import { emitProductChanged, isLowOnStock } from './low-stock.ts';
import { createProductsRepository } from './repository.ts';

/** The columns an admin writes: everything but the id and the timestamps. The B2B ones are optional. */
export type ProductFields = Pick<
  NewProductRow,
  'name' | 'priceCents' | 'minOrder' | 'availableQuantity' | 'description' | 'imageUrl'
> &
  Partial<
    Pick<
      NewProductRow,
      | 'sku'
      | 'packSize'
      | 'maxOrder'
      | 'priceTiers'
      | 'lowStockThreshold'
      | 'taxCategory'
      | 'allowBackorder'
      | 'leadTimeDays'
      | 'weightGrams'
    >
  >;

/** A product body (dollars, the spec's spelling) as the columns an admin writes. */
export const fieldsOfBody = (body: ProductBody): ProductFields => ({
  name: body.name,
  priceCents: toCents(body.price),
  minOrder: body.minOrder,
  availableQuantity: body.availableQuantiity,
  description: body.description,
  imageUrl: body.img === PART_PHOTO_PLACEHOLDER ? null : body.img,
  sku: body.sku,
  packSize: body.packSize,
  maxOrder: body.maxOrder,
  lowStockThreshold: body.lowStockThreshold,
  taxCategory: body.taxCategory,
  allowBackorder: body.allowBackorder,
  leadTimeDays: body.leadTimeDays,
  weightGrams: body.weightGrams,
  priceTiers: body.priceTiers?.map((tier) => ({
    minQuantity: tier.minQuantity,
    priceCents: toCents(tier.price),
  })),
});

type CatalogueDeps = Pick<AppDeps, 'db' | 'catalogueCache' | 'config' | 'mailer' | 'log'>;

/**
 * The product as it would be saved must make sense to a buyer: a minimum they can order (a whole
 * number of packs, not above the stock), a maximum above it, price breaks in order, a part number of
 * its own. Else a 400 naming each field.
 */
async function checkRules(db: Executor, id: string | null, product: ReturnType<typeof withDefaults>) {
  const problems = { ...quantityRuleProblems(product), ...backorderProblems(product) };
  if (product.sku) {
    const [owner] = await createProductsRepository(db).findBySkus([product.sku]);
    if (owner && owner.id !== id) {
      problems.sku = `Part number ${product.sku} is already used by '${owner.name}'.`;
    }
  }
  const [first] = Object.values(problems);
  if (first) throw badRequest(first, problems);
}

/** The quantity and price rules of a product as it would be saved, by field (pricing.ts's rules). */
export function quantityRuleProblems(product: ReturnType<typeof withDefaults>): Record<string, string> {
  return productRulesProblems({
    priceCents: product.priceCents,
    tiers: product.priceTiers,
    minOrder: product.minOrder,
    packSize: product.packSize,
    maxOrder: product.maxOrder,
    availableQuantity: product.availableQuantity,
  });
}

/** A new product's fields: the B2B ones left out get their defaults. */
export function withDefaults(fields: ProductFields) {
  return {
    ...fields,
    packSize: fields.packSize ?? 1,
    maxOrder: fields.maxOrder ?? null,
    priceTiers: fields.priceTiers ?? ([] as PriceTier[]),
    lowStockThreshold: fields.lowStockThreshold ?? 10,
    taxCategory: fields.taxCategory ?? 'standard',
    allowBackorder: fields.allowBackorder ?? false,
    leadTimeDays: fields.leadTimeDays ?? null,
    weightGrams: fields.weightGrams ?? null,
  };
}

/** What the audit log keeps of a product: its fields, without the timestamps. */
export const audited = ({ createdAt: _created, updatedAt: _updated, ...fields }: ProductRow) => fields;

/** The admin's catalogue writes, each with its audit entry in its transaction. Each clears the cached product pages. */
export async function createProduct(
  deps: CatalogueDeps,
  actor: AuditActor,
  fields: ProductFields,
): Promise<ProductRow> {
  const product = withDefaults(fields);
  return writeCatalogue(deps, async (tx) => {
    await checkRules(tx, null, product);
    const inserted = await createProductsRepository(tx).insert(product);
    await recordAudit(tx, actor, {
      action: 'product.added',
      subject: { type: 'product', id: inserted.id, label: inserted.name },
      after: audited(inserted),
    });
    await emitProductChanged(tx, inserted, 'created');
    return inserted;
  });
}

/**
 * Replaces every field of the spec's product; the B2B fields the body leaves out keep their values.
 * Answers false when nothing would change.
 */
export async function replaceProduct(
  deps: CatalogueDeps,
  actor: AuditActor,
  id: string,
  fields: ProductFields,
): Promise<boolean> {
  const { changed, mailIds } = await deps.db.transaction((tx) => replaceIn(deps, tx, actor, id, fields));
  if (changed) deps.catalogueCache.invalidate();
  deps.mailer.deliverLater(mailIds);
  return changed;
}

async function replaceIn(
  deps: CatalogueDeps,
  tx: Executor,
  actor: AuditActor,
  id: string,
  fields: ProductFields,
): Promise<{ changed: boolean; mailIds: string[] }> {
  const repository = createProductsRepository(tx);
  // Locked: the stock it compares and writes is not changed by a checkout meanwhile.
  const [existing] = await repository.lockByIds([id]);
  if (!existing) throw notFound('Product');
  const next = mergedFields(existing, fields);
  if (isUnchanged(existing, next)) return { changed: false, mailIds: [] };
  await checkRules(tx, existing.id, next);
  if (!(await repository.update(existing.id, withAlertRearmed(existing, next)))) throw notFound('Product');
  // More stock than before is a goods receipt: it fills waiting back-orders first (decision 0238).
  const { mailIds } =
    next.availableQuantity > existing.availableQuantity
      ? await fillBackorders(deps, tx, [existing.id])
      : { mailIds: [] };
  await recordAudit(tx, actor, {
    action: 'product.edited',
    subject: { type: 'product', id: existing.id, label: next.name },
    ...changedFields(existing, next),
  });
  await emitProductChanged(tx, { id: existing.id, sku: next.sku, name: next.name }, 'updated');
  return { changed: true, mailIds };
}

/** An existing product's fields once `fields` are saved over it: the B2B fields left out keep their values. */
export function mergedFields(existing: ProductRow, fields: ProductFields) {
  return {
    ...fields,
    sku: fields.sku ?? existing.sku,
    packSize: fields.packSize ?? existing.packSize,
    maxOrder: fields.maxOrder === undefined ? existing.maxOrder : fields.maxOrder,
    priceTiers: fields.priceTiers ?? existing.priceTiers,
    lowStockThreshold: fields.lowStockThreshold ?? existing.lowStockThreshold,
    taxCategory: fields.taxCategory ?? existing.taxCategory,
    allowBackorder: fields.allowBackorder ?? existing.allowBackorder,
    leadTimeDays: fields.leadTimeDays === undefined ? existing.leadTimeDays : fields.leadTimeDays,
    weightGrams: fields.weightGrams === undefined ? existing.weightGrams : fields.weightGrams,
  };
}

/** Whether saving `next` would change nothing (values compared as JSON, whatever their keys' order). */
export function isUnchanged(existing: ProductRow, next: ReturnType<typeof mergedFields>): boolean {
  return (Object.keys(next) as (keyof typeof next)[]).every((key) => sameValue(existing[key], next[key]));
}

/** The columns an update writes: restocked above its line, the next fall alerts the admins again (decision 0108). */
export function withAlertRearmed(existing: ProductRow, next: ReturnType<typeof mergedFields>) {
  return { ...next, lowStockAlertedAt: isLowOnStock(next) ? existing.lowStockAlertedAt : null };
}

/** Deletes a product. Orders keep their own copy of its name and price, so they stay whole. */
export async function deleteProduct(deps: CatalogueDeps, actor: AuditActor, id: string): Promise<void> {
  await writeCatalogue(deps, async (tx) => {
    const deleted = await createProductsRepository(tx).delete(id);
    if (!deleted) throw notFound('Product');
    await recordAudit(tx, actor, {
      action: 'product.deleted',
      subject: { type: 'product', id: deleted.id, label: deleted.name },
      before: audited(deleted),
    });
    await emitProductChanged(tx, deleted, 'deleted');
  });
}

export const EXPORT_BATCH = 1000;

/**
 * Every product by part number, a batch at a time (keyset), with its category and values: for the CSV
 * export, which streams them.
 */
export async function* exportProducts(deps: Pick<AppDeps, 'db'>): AsyncGenerator<ExportedProduct[]> {
  const repository = createProductsRepository(deps.db);
  const catalogue = await readCatalogue(deps.db);
  let after: string | undefined;
  for (;;) {
    const rows = await repository.exportBatch(after, EXPORT_BATCH);
    const specs = await specsOfProducts(
      deps.db,
      catalogue,
      rows.map((row) => row.id),
    );
    const replacementIds = rows.flatMap((row) => (row.replacementId ? [row.replacementId] : []));
    const replacements = new Map(
      (await repository.findByIds(replacementIds)).map((replacement) => [replacement.id, replacement.sku]),
    );
    if (rows.length > 0) {
      yield rows.map((row) => {
        const found = specs.get(row.id);
        return {
          ...row,
          category: found?.category.slug ?? '',
          attributes: found ? encodeAttributes(found.values, catalogue.attributesOf(found.category.id)) : '',
          replacement: row.replacementId ? (replacements.get(row.replacementId) ?? '') : '',
        };
      });
    }
    if (rows.length < EXPORT_BATCH) return;
    after = rows.at(-1)!.sku;
  }
}

/*
 * The catalogue as other modules read it (their rules price, check and lock products; the SQL stays in
 * this module's repository). Unknown or malformed ids are left out of the answers.
 */
export const findProduct = (db: Executor, id: string) => createProductsRepository(db).findById(id);
export const findProducts = (db: Executor, ids: readonly string[]) =>
  createProductsRepository(db).findByIds(ids);
export const findProductsBySkus = (db: Executor, skus: readonly string[]) =>
  createProductsRepository(db).findBySkus(skus);
/** Locks the products' rows in id order, as every path that takes stock does (docs/decisions/0050). */
export const lockProducts = (tx: Executor, ids: readonly string[]) =>
  createProductsRepository(tx).lockByIds(ids);
/** Marks the products alerted for low stock; answers those not alerted before. */
export const markLowStockAlerted = (tx: Executor, ids: string[]) =>
  createProductsRepository(tx).markLowStockAlerted(ids);
