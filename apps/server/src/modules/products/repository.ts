import { and, asc, count, eq, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { toDollars } from '@forgeline/shared/money';
import { type PricingInput } from '@forgeline/shared/pricing';
import { type Product, type ProductListQuery } from '@forgeline/shared/schemas/product';
import type { Executor } from '../../db/client.ts';
import { fixedStatement, rowReader } from '../../db/fixed-statement.ts';
import { products, type NewProductRow, type ProductRow } from '../../db/schema/index.ts';
import { LIMITS } from '@forgeline/shared/constants';

/** The one place where a product row becomes the wire shape, with the spec's spelling. */
export const toProductDto = (row: ProductRow): Product => ({
  _id: row.id,
  name: row.name,
  price: toDollars(row.priceCents),
  minOrder: row.minOrder,
  availableQuantiity: row.availableQuantity,
  description: row.description,
  img: row.imageUrl,
  sku: row.sku,
  packSize: row.packSize,
  maxOrder: row.maxOrder,
  lowStockThreshold: row.lowStockThreshold,
  priceTiers: row.priceTiers.map((tier) => ({
    minQuantity: tier.minQuantity,
    price: toDollars(tier.priceCents),
  })),
});

/** A product's prices and quantity rules, as pricing.ts takes them. */
export const pricingOfRow = (row: ProductRow): PricingInput => ({
  priceCents: row.priceCents,
  tiers: row.priceTiers,
  minOrder: row.minOrder,
  packSize: row.packSize,
  maxOrder: row.maxOrder,
  availableQuantity: row.availableQuantity,
});

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id cannot name a product: callers answer 404 without asking the database. */
export const isUuid = (id: string) => UUID_PATTERN.test(id);

/** `%` and `_` in a search are letters the customer typed, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

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
    async list(query: ProductListQuery): Promise<{ items: Product[]; total: number }> {
      const limit = query.limit ?? LIMITS.pageSizeDefault;
      const offset = ((query.page ?? 1) - 1) * limit;
      // By name or part number (stored upper-case, so ILIKE finds it whatever case is typed).
      const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
      const where = pattern ? or(ilike(products.name, pattern), ilike(products.sku, pattern)) : undefined;
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(products)
          .where(where)
          .orderBy(asc(products.createdAt), asc(products.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(products).where(where),
      ]);
      return { items: rows.map(toProductDto), total: totals?.total ?? 0 };
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

/** SQL: the alert re-arms when stock comes back above the line (`added` pieces put back). */
export const rearmAfterRestock = (added: number) => sql`CASE
  WHEN available_quantity + ${added} > low_stock_threshold AND available_quantity + ${added} >= min_order
  THEN NULL ELSE low_stock_alerted_at END`;
