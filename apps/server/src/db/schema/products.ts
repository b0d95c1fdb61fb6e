import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { boolean, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PriceTier } from '@forgeline/shared/pricing';
import { createdAt, primaryId, updatedAt, uuidRef } from './columns.ts';

export const products = pgTable(
  'products',
  {
    id: primaryId(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    minOrder: integer('min_order').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    description: text('description').notNull(),
    // Null: no photo yet; the wire answers the placeholder picture's URL (products/repository.ts).
    imageUrl: text('image_url'),
    /** The part number, upper-case, unique; one is made up when a product is added without it. */
    sku: text('sku')
      .notNull()
      .unique()
      .default(sql`('FL-' || upper(left(replace(gen_random_uuid()::text, '-', ''), 10)))`),
    /**
     * The part number as a search compares it: letters and digits only ('FL-BRG-6204' -> 'FLBRG6204'), so
     * 'flbrg6204' and 'fl brg 6204' find it too (docs/decisions/0180). Kept by the database itself.
     */
    skuKey: text('sku_key')
      .notNull()
      .generatedAlwaysAs(sql`regexp_replace(sku, '[^A-Z0-9]', '', 'g')`),
    /** The order multiple (sold in packs of this many). */
    packSize: integer('pack_size').notNull().default(1),
    maxOrder: integer('max_order'),
    /** Volume prices, ascending quantity, in cents (checked by pricing.ts before they are written). */
    priceTiers: jsonb('price_tiers').$type<PriceTier[]>().notNull().default([]),
    /** At or below this many pieces the product is low on stock (decision 0108). */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(10),
    /** When the admins were told it ran low; cleared when it is restocked, so the next fall tells them again. */
    /** True: only the companies and groups product_access allows see it (decision 0216). */
    restricted: boolean('restricted').notNull().default(false),
    /** Which tax rate a part bears (docs/decisions/0219): standard, reduced, or none (exempt). */
    taxCategory: text('tax_category', { enum: ['standard', 'reduced', 'exempt'] })
      .notNull()
      .default('standard'),
    lowStockAlertedAt: timestamp('low_stock_alerted_at', { withTimezone: true }),
    /** One piece's weight in grams, for delivery by weight (decision 0235); null: not weighed (counts 0). */
    weightGrams: integer('weight_grams'),
    /**
     * No longer sold (decision 0233): its page and part number stay for old orders, listings leave it
     * out, and pricing.ts's quantityProblem refuses every quantity of it.
     */
    discontinued: boolean('discontinued').notNull().default(false),
    /** The part that replaces a discontinued one, shown on its page. */
    /**
     * May be ordered beyond its stock (decision 0238): the pieces short wait on the order line as
     * back-ordered, and the next goods receipt fills them oldest first.
     */
    allowBackorder: boolean('allow_backorder').notNull().default(false),
    /** Days to make or buy in a back-ordered piece: the buyer reads 'ships in about N days'. */
    leadTimeDays: integer('lead_time_days'),
    replacementId: uuid('replacement_id').references((): AnyPgColumn => products.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The database itself refuses oversold stock, whatever the code above it does.
    check('products_available_quantity_non_negative', sql`${table.availableQuantity} >= 0`),
    check('products_min_order_positive', sql`${table.minOrder} >= 1`),
    check('products_price_positive', sql`${table.priceCents} > 0`),
    check('products_pack_size_positive', sql`${table.packSize} >= 1`),
    check('products_low_stock_threshold_non_negative', sql`${table.lowStockThreshold} >= 0`),
    check(
      'products_lead_time_within',
      sql`${table.leadTimeDays} IS NULL OR (${table.leadTimeDays} >= 1 AND ${table.leadTimeDays} <= 365)`,
    ),
    check(
      'products_backorder_has_lead_time',
      sql`NOT ${table.allowBackorder} OR ${table.leadTimeDays} IS NOT NULL`,
    ),
    check('products_weight_grams_non_negative', sql`${table.weightGrams} >= 0`),
    check('products_not_own_replacement', sql`${table.replacementId} IS DISTINCT FROM ${table.id}`),
    check(
      'products_max_order_above_min',
      sql`${table.maxOrder} IS NULL OR ${table.maxOrder} >= ${table.minOrder}`,
    ),
    index('products_created_at_idx').on(table.createdAt),
    // The catalogue search (name or part number, anywhere in the text: ILIKE '%term%') through pg_trgm,
    // one index per column so that PostgreSQL combines them (BitmapOr); docs/decisions/0041.
    index('products_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('products_sku_trgm_idx').using('gin', sql`${table.sku} gin_trgm_ops`),
    // A part number typed whole ranks first: found by equality; typed in part, by the trigram index.
    index('products_sku_key_idx').on(table.skuKey),
    index('products_sku_key_trgm_idx').using('gin', sql`${table.skuKey} gin_trgm_ops`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

/** A part's related parts (accessories, alternatives), in the order the admin chose (decision 0233). */
export const productRelations = pgTable(
  'product_relations',
  {
    productId: uuidRef('product_id', () => products.id, 'cascade'),
    relatedId: uuidRef('related_id', () => products.id, 'cascade'),
    kind: text('kind', { enum: ['accessory', 'alternative'] }).notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.relatedId] }),
    check('product_relations_not_itself', sql`${table.productId} <> ${table.relatedId}`),
  ],
);
