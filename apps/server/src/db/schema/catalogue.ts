import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { boolean, doublePrecision, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AttributeType } from '@forgeline/shared/catalogue';
import { products } from './products.ts';
import { createdAt, primaryId, updatedAt, uuidRef } from './columns.ts';

/**
 * The catalogue's tree (docs/decisions/0220): a category has at most one parent; the admin's edits keep it
 * a tree (modules/categories refuses a cycle under a lock). A part is in one category
 * (product_categories), kept beside products so that the products table stays as it was.
 */
export const categories = pgTable(
  'categories',
  {
    id: primaryId(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    /** Its address name (/category/ball-bearings), unique. */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    /** The page's description (and its meta description). */
    description: text('description').notNull().default(''),
    /** Lengths of its parts may be shown and filtered in inches as well as millimetres. */
    inches: boolean('inches').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('categories_not_own_parent', sql`${table.parentId} IS NULL OR ${table.parentId} <> ${table.id}`),
    index('categories_parent_idx').on(table.parentId),
  ],
);

/**
 * A typed attribute of a category's parts, inherited by its subcategories. Its key is unique along the
 * category's line (checked by the service), so a part's values are named by key alone.
 */
export const categoryAttributes = pgTable(
  'category_attributes',
  {
    id: primaryId(),
    categoryId: uuidRef('category_id', () => categories.id, 'cascade'),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type').$type<AttributeType>().notNull(),
    /** A number's unit as stored ('mm'); null otherwise. */
    unit: text('unit'),
    /** A choice's values, in the order shown. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('category_attributes_key_idx').on(table.categoryId, table.key),
    check('category_attributes_type', sql`${table.type} IN ('number', 'choice', 'boolean')`),
  ],
);

/** The one category of a part. */
export const productCategories = pgTable(
  'product_categories',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuidRef('category_id', () => categories.id, 'restrict'),
  },
  (table) => [index('product_categories_category_idx').on(table.categoryId)],
);

/** A part's value of one attribute: exactly one of the three columns, by the attribute's type. */
export const productAttributeValues = pgTable(
  'product_attribute_values',
  {
    productId: uuidRef('product_id', () => products.id, 'cascade'),
    attributeId: uuidRef('attribute_id', () => categoryAttributes.id, 'cascade'),
    numberValue: doublePrecision('number_value'),
    textValue: text('text_value'),
    booleanValue: boolean('boolean_value'),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.attributeId] }),
    index('product_attribute_values_attribute_idx').on(table.attributeId),
    check(
      'product_attribute_values_one_value',
      sql`num_nonnulls(${table.numberValue}, ${table.textValue}, ${table.booleanValue}) = 1`,
    ),
  ],
);

/**
 * A catalogue page's facet index (docs/decisions/0265): one row per part in a category with all its counts
 * need: its category, visibility, age, and its values by type (one typed object per column of
 * product_attribute_values, so a value reads as the column it came from). Written only by the database's triggers on
 * `product_categories`, `product_attribute_values` and `products` (migration facet_counts), in the
 * transaction of the change, so it is exact whoever writes; never write it from the app.
 */
export const productFacets = pgTable(
  'product_facets',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuidRef('category_id', () => categories.id, 'cascade'),
    restricted: boolean('restricted').notNull(),
    discontinued: boolean('discontinued').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** `{attribute id: value}` of the values in product_attribute_values' number_value, text_value, boolean_value. */
    numbers: jsonb('numbers').$type<Record<string, number>>().notNull(),
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    booleans: jsonb('booleans').$type<Record<string, boolean>>().notNull(),
  },
  (table) => [index('product_facets_category_idx').on(table.categoryId)],
);

export type CategoryRow = typeof categories.$inferSelect;
export type AttributeRow = typeof categoryAttributes.$inferSelect;
