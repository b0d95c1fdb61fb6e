import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  like,
  not,
  or,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import { toDollars } from '@forgeline/shared/money';
import { PART_PHOTO_PLACEHOLDER } from '@forgeline/shared/images';
import type { PricingInput } from '@forgeline/shared/pricing';
import type { Product, ProductListQuery } from '@forgeline/shared/schemas/product';
import type { Executor } from '../../db/client.ts';
import { fixedStatement, rowReader } from '../../db/fixed-statement.ts';
import {
  productCategories,
  productRelations,
  products,
  type NewProductRow,
  type ProductRow,
} from '../../db/schema/index.ts';
import { LIMITS } from '@forgeline/shared/constants';
import { isUuid } from '../../lib/uuid.ts';

/** What a viewer's price adds to a row (pricing's ViewedProduct): the list price and the list that set theirs. */
type ContractPriced = { listPriceCents?: number; priceListName?: string | null };

/** The parts a viewer sees, as pricing's CatalogueView says them, as a condition (undefined: all). */
export type Visibility =
  { everything: true } | { everything: false; allowed: readonly string[]; denied: readonly string[] };

export function visibleWhere(visibility: Visibility, part: PartColumns = products): SQL | undefined {
  if (visibility.everything) return undefined;
  const shown =
    visibility.allowed.length > 0
      ? or(not(part.restricted), inArray(part.id, [...visibility.allowed]))
      : not(part.restricted);
  return visibility.denied.length > 0 ? and(shown, not(inArray(part.id, [...visibility.denied]))) : shown;
}

/** The columns "seen" and "listed" read: the products table's, or the facet index's copy of them. */
export type PartColumns = {
  id: Column;
  restricted: Column;
  discontinued: Column;
};

/** The one place where a product row becomes the wire shape, with the spec's spelling. */
export const toProductDto = (row: ProductRow & ContractPriced): Product => ({
  _id: row.id,
  name: row.name,
  price: toDollars(row.priceCents),
  minOrder: row.minOrder,
  availableQuantiity: row.availableQuantity,
  description: row.description,
  img: row.imageUrl ?? PART_PHOTO_PLACEHOLDER,
  sku: row.sku,
  packSize: row.packSize,
  maxOrder: row.maxOrder,
  lowStockThreshold: row.lowStockThreshold,
  taxCategory: row.taxCategory,
  allowBackorder: row.allowBackorder,
  leadTimeDays: row.leadTimeDays,
  ...(row.weightGrams !== null ? { weightGrams: row.weightGrams } : {}),
  ...(row.discontinued ? { discontinued: true as const } : {}),
  priceTiers: row.priceTiers.map((tier) => ({
    minQuantity: tier.minQuantity,
    price: toDollars(tier.priceCents),
  })),
  ...(row.priceListName && row.listPriceCents !== undefined
    ? { listPrice: toDollars(row.listPriceCents), priceList: row.priceListName }
    : {}),
});

/** A product's prices and quantity rules, as pricing.ts takes them. */
export const pricingOfRow = (row: ProductRow): PricingInput => ({
  priceCents: row.priceCents,
  tiers: row.priceTiers,
  minOrder: row.minOrder,
  packSize: row.packSize,
  maxOrder: row.maxOrder,
  availableQuantity: row.availableQuantity,
  discontinued: row.discontinued,
  allowBackorder: row.allowBackorder,
});

/**
 * What a listing or search shows (decision 0233): discontinued parts only when asked for, or when the
 * search is their exact part number (a buyer reordering from an old order still finds it).
 */
export function listedWhere(
  include: boolean,
  search: string | undefined,
  part: PartColumns = products,
): SQL | undefined {
  if (include) return undefined;
  const key = search ? partNumberKey(search) : '';
  // A part number typed whole reads products.sku_key: only a statement over products has a search.
  return key === '' ? not(part.discontinued) : or(not(part.discontinued), eq(products.skuKey, key));
}

/** `%` and `_` in a search are letters the customer typed, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * A part number as the search compares it: letters and digits, upper-case ('fl brg 6204' -> 'FLBRG6204'),
 * the same as the products.sku_key column the database keeps.
 */
export const partNumberKey = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Names containing the text, or part numbers containing its letters and digits; the exact part number first. */
export function containsSearch(search: string): [SQL | undefined, SQL[]] {
  const inName = ilike(products.name, `%${escapeLike(search)}%`);
  const key = partNumberKey(search);
  if (key === '') return [inName, []];
  // The key holds only letters and digits: nothing in it is a LIKE wildcard.
  return [
    or(inName, like(products.skuKey, `%${key}%`)),
    [desc(eq(products.skuKey, key)), desc(like(products.skuKey, `${key}%`))],
  ];
}

/** Names with a word close to the text (pg_trgm `<%`, answered by the name's trigram index), closest first. */
export function closeToSearch(search: string): [SQL, SQL[]] {
  return [sql`${search} <% ${products.name}`, [sql`word_similarity(${search}, ${products.name}) desc`]];
}

/** A product row as a fixedStatement answers it. */
export const readProduct = rowReader(products);

/** lockByIds' statement: one shape for any number of products (docs/decisions/0050). */
const lockProducts = fixedStatement<{ ids: string[] }>(
  'products_lock_by_ids',
  () =>
    sql`select * from ${products} where ${products.id} = any(${sql.placeholder('ids')}::uuid[]) order by ${products.id} for no key update`,
);

export function createProductsRepository(db: Executor) {
  return {
    /**
     * One page of the catalogue, searched by name or part number (docs/decisions/0180). A search first
     * takes what contains the words or the part number (separators and case aside); only when that finds
     * nothing does it take names that are close (pg_trgm word similarity), so a typo still finds the part
     * and a right spelling is never drowned in near-misses. The part number typed whole ranks first.
     */
    async list(
      query: ProductListQuery,
      visibility: Visibility,
    ): Promise<{ items: ProductRow[]; total: number }> {
      const limit = query.limit ?? LIMITS.pageSizeDefault;
      const offset = ((query.page ?? 1) - 1) * limit;
      // The page and the number of matches in one pass over the matches (count over the whole result).
      const visible = and(
        visibleWhere(visibility),
        listedWhere(query.discontinued === 'include', query.search?.trim()),
      );
      const pageOf = async (matching: SQL | undefined, order: SQL[], on: Executor = db) => {
        const where = and(visible, matching);
        const rows = await on
          .select({ product: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
          .from(products)
          .where(where)
          .orderBy(...order, asc(products.createdAt), asc(products.id))
          .limit(limit)
          .offset(offset);
        // A page past the end has no row to carry the count.
        const total =
          rows[0]?.total ??
          (offset > 0
            ? ((await on.select({ total: count() }).from(products).where(where))[0]?.total ?? 0)
            : 0);
        return { items: rows.map((row) => row.product), total };
      };
      const search = query.search?.trim();
      if (!search) return pageOf(undefined, []);
      const contained = await pageOf(...containsSearch(search));
      if (contained.total > 0) return contained;
      return db.transaction(async (tx) => {
        // The default 0.6 misses a one-letter slip in a short word ('bearng' is 0.57 to 'bearing').
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.5', true)`);
        return pageOf(...closeToSearch(search), tx);
      });
    },

    /**
     * The ids of every part a viewer sees in these categories (null: in any), matching the search as
     * `list` matches it, best first; at most `cap` of them. A category page's filters and counts are
     * worked out over these (docs/decisions/0220).
     */
    async matchingIds(
      search: string | undefined,
      visibility: Visibility,
      categoryIds: readonly string[] | null,
      cap: number,
    ): Promise<string[]> {
      const inCategories =
        categoryIds === null
          ? undefined
          : categoryIds.length === 0
            ? sql`false`
            : inArray(
                products.id,
                db
                  .select({ id: productCategories.productId })
                  .from(productCategories)
                  .where(inArray(productCategories.categoryId, [...categoryIds])),
              );
      const run = async (matching: SQL | undefined, order: SQL[], on: Executor = db) =>
        (
          await on
            .select({ id: products.id })
            .from(products)
            .where(and(visibleWhere(visibility), listedWhere(false, search?.trim()), inCategories, matching))
            .orderBy(...order, asc(products.createdAt), asc(products.id))
            .limit(cap)
        ).map((row) => row.id);
      const text = search?.trim();
      if (!text) return run(undefined, []);
      const contained = await run(...containsSearch(text));
      if (contained.length > 0) return contained;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.5', true)`);
        return run(...closeToSearch(text), tx);
      });
    },

    async findById(id: string): Promise<ProductRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(products).where(eq(products.id, id));
      return row;
    },

    /** The products of these ids (unknown or malformed ids are left out). */
    async findByIds(ids: readonly string[]): Promise<ProductRow[]> {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return [];
      return db.select().from(products).where(inArray(products.id, valid));
    },

    /** The products of these part numbers (upper-case). */
    async findBySkus(skus: readonly string[]): Promise<ProductRow[]> {
      if (skus.length === 0) return [];
      return db
        .select()
        .from(products)
        .where(inArray(products.sku, [...skus]));
    },

    /**
     * The rows, locked until the transaction ends, always in id order: two checkouts that lock the same
     * products lock them in the same order, so neither waits for the other in a circle (no deadlock).
     * FOR NO KEY UPDATE, not FOR UPDATE: placing only changes the stock, never the key, and this lock
     * does not conflict with the KEY SHARE lock that inserting a row referencing the product takes (a
     * cart line, an order). With FOR UPDATE, a buyer adding several lines to their cart while another
     * checked out the same parts deadlocked, and one of them got a 503 (found by `npm run bench -- checkout`).
     */
    async lockByIds(ids: readonly string[]): Promise<ProductRow[]> {
      const valid = [...new Set(ids.filter(isUuid))].sort();
      if (valid.length === 0) return [];
      return (await lockProducts(db, { ids: valid })).map(readProduct);
    },

    /** The products of these part numbers, locked until the transaction ends (the import writes them). */
    async lockBySkus(skus: readonly string[]): Promise<ProductRow[]> {
      if (skus.length === 0) return [];
      return db
        .select()
        .from(products)
        .where(inArray(products.sku, [...skus]))
        .orderBy(asc(products.id))
        .for('update');
    },

    /** One batch of the export: `limit` products by part number, after `afterSku` (keyset). */
    async exportBatch(afterSku: string | undefined, limit: number): Promise<ProductRow[]> {
      return db
        .select()
        .from(products)
        .where(afterSku === undefined ? undefined : gt(products.sku, afterSku))
        .orderBy(asc(products.sku))
        .limit(limit);
    },

    /** Adds these products in one statement; answers the rows. */
    async insertMany(values: readonly NewProductRow[]): Promise<ProductRow[]> {
      if (values.length === 0) return [];
      return db
        .insert(products)
        .values([...values])
        .returning();
    },

    async insert(values: NewProductRow): Promise<ProductRow> {
      const [row] = await db.insert(products).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Writes these columns; answers whether the product exists. */
    async update(id: string, values: Partial<NewProductRow>): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db
        .update(products)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning({ id: products.id });
      return rows.length > 0;
    },

    /** Answers whether a product was deleted. Orders keep their copy (their link is set to null). */
    /** Answers the deleted row, or undefined when there was none. */
    async delete(id: string): Promise<ProductRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.delete(products).where(eq(products.id, id)).returning();
      return row;
    },

    /** The photos of restricted parts, with the parts that show them (few: parts made for one customer). */
    async restrictedImages(): Promise<Map<string, Pick<ProductRow, 'id' | 'restricted'>[]>> {
      const rows = await db
        .select({ id: products.id, restricted: products.restricted, imageUrl: products.imageUrl })
        .from(products)
        .where(and(products.restricted, sql`${products.imageUrl} is not null`));
      const byUrl = new Map<string, Pick<ProductRow, 'id' | 'restricted'>[]>();
      for (const row of rows) {
        const url = row.imageUrl!;
        byUrl.set(url, [...(byUrl.get(url) ?? []), { id: row.id, restricted: row.restricted }]);
      }
      return byUrl;
    },

    /** A part's related parts with how they relate, in the admin's order. */
    async relatedOf(
      productId: string,
    ): Promise<{ product: ProductRow; kind: 'accessory' | 'alternative' }[]> {
      if (!isUuid(productId)) return [];
      return db
        .select({ product: products, kind: productRelations.kind })
        .from(productRelations)
        .innerJoin(products, eq(products.id, productRelations.relatedId))
        .where(eq(productRelations.productId, productId))
        .orderBy(asc(productRelations.position));
    },

    /** Replaces a part's related parts with these, in this order. */
    async setRelated(
      productId: string,
      related: readonly { relatedId: string; kind: 'accessory' | 'alternative' }[],
    ): Promise<void> {
      await db.delete(productRelations).where(eq(productRelations.productId, productId));
      if (related.length === 0) return;
      await db
        .insert(productRelations)
        .values(related.map((entry, position) => ({ productId, ...entry, position })));
    },

    async count(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(products);
      return row?.total ?? 0;
    },

    /**
     * Takes `quantity` units from stock if there are that many, in one statement: concurrent callers
     * can never take more than there is. Answers the updated row, or undefined when short.
     */
    /** Marks these products' low-stock alert sent; answers those not marked before (to alert once). */
    async markLowStockAlerted(ids: string[]): Promise<ProductRow[]> {
      if (ids.length === 0) return [];
      return db
        .update(products)
        .set({ lowStockAlertedAt: new Date() })
        .where(and(inArray(products.id, ids), isNull(products.lowStockAlertedAt)))
        .returning();
    },

    async takeStock(id: string, quantity: number): Promise<ProductRow | undefined> {
      const [row] = await db
        .update(products)
        .set({ availableQuantity: sql`${products.availableQuantity} - ${quantity}`, updatedAt: new Date() })
        .where(and(eq(products.id, id), sql`${products.availableQuantity} >= ${quantity}`))
        .returning();
      return row;
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
