import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { date, integer, jsonb, text, uuid } from 'drizzle-orm/pg-core';
import type { PriceTier } from '@forgeline/shared/pricing';
import { companies, customerGroups } from './companies.ts';
import { products } from './products.ts';
import { createdAt, primaryId, updatedAt, uuidRef } from './columns.ts';

/**
 * A negotiated price list (docs/decisions/0216): valid between two dates (either open), with fixed prices
 * per part (each with its own volume breaks) and, optionally, a rule for the rest: the list price minus a
 * percentage, for every part or only for the parts the list names without a price.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: primaryId(),
    name: text('name').notNull().unique(),
    /** Calendar days (the shop's, UTC), both included; null: open. */
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    /** The rule: list price minus this many hundredths of a percent (3000 = 30 %, at most 99.99 %: a part is never free); null: no rule. */
    percentOffBasisPoints: integer('percent_off_basis_points'),
    /** 'all': the rule prices every part; 'listed': only the parts the list names without a price. */
    ruleScope: text('rule_scope', { enum: ['all', 'listed'] })
      .notNull()
      .default('all'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'price_lists_valid_order',
      sql`${table.validFrom} is null or ${table.validTo} is null or ${table.validTo} >= ${table.validFrom}`,
    ),
    check(
      'price_lists_percent_off',
      sql`${table.percentOffBasisPoints} is null or ${table.percentOffBasisPoints} between 1 and 9999`,
    ),
  ],
);

/** A part on a list: its own price and breaks, or (price null) a part the list's rule prices. */
export const priceListItems = pgTable(
  'price_list_items',
  {
    priceListId: uuidRef('price_list_id', () => priceLists.id, 'cascade'),
    productId: uuidRef('product_id', () => products.id, 'cascade'),
    priceCents: integer('price_cents'),
    tiers: jsonb('tiers').$type<PriceTier[]>().notNull().default([]),
  },
  (table) => [
    primaryKey({ columns: [table.priceListId, table.productId] }),
    check('price_list_items_price', sql`${table.priceCents} is null or ${table.priceCents} >= 1`),
    index('price_list_items_product_idx').on(table.productId),
  ],
);

/** A list given to one company or to one customer group; of the lists that price a part, the highest priority wins. */
export const priceListAssignments = pgTable(
  'price_list_assignments',
  {
    id: primaryId(),
    priceListId: uuidRef('price_list_id', () => priceLists.id, 'cascade'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => customerGroups.id, { onDelete: 'cascade' }),
    priority: integer('priority').notNull().default(0),
  },
  (table) => [
    check(
      'price_list_assignments_one_holder',
      sql`(${table.companyId} is null) <> (${table.groupId} is null)`,
    ),
    uniqueIndex('price_list_assignments_company').on(table.priceListId, table.companyId),
    uniqueIndex('price_list_assignments_group').on(table.priceListId, table.groupId),
    index('price_list_assignments_company_idx').on(table.companyId),
    index('price_list_assignments_group_idx').on(table.groupId),
  ],
);

/**
 * Who may see a part beyond the public (decision 0216): on a restricted part, 'allow' rows name the only
 * companies and groups that see it; on any part, a 'deny' row hides it from a company or group.
 */
export const productAccess = pgTable(
  'product_access',
  {
    id: primaryId(),
    productId: uuidRef('product_id', () => products.id, 'cascade'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => customerGroups.id, { onDelete: 'cascade' }),
    access: text('access', { enum: ['allow', 'deny'] }).notNull(),
  },
  (table) => [
    check('product_access_one_holder', sql`(${table.companyId} is null) <> (${table.groupId} is null)`),
    uniqueIndex('product_access_company').on(table.productId, table.companyId),
    uniqueIndex('product_access_group').on(table.productId, table.groupId),
    index('product_access_company_idx').on(table.companyId),
    index('product_access_group_idx').on(table.groupId),
  ],
);

/**
 * A company's own part number for one of ours, as its ERP knows the part. Compared as letters and digits
 * only, in upper case (like our part numbers' search key), so 'ab-100' and 'AB 100' are one number.
 */
export const customerPartNumbers = pgTable(
  'customer_part_numbers',
  {
    companyId: uuidRef('company_id', () => companies.id, 'cascade'),
    partNumber: text('part_number').notNull(),
    partKey: text('part_key')
      .notNull()
      .generatedAlwaysAs(sql`regexp_replace(upper(part_number), '[^A-Z0-9]', '', 'g')`),
    productId: uuidRef('product_id', () => products.id, 'cascade'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.partKey] }),
    uniqueIndex('customer_part_numbers_product').on(table.companyId, table.productId),
  ],
);

export type PriceListRow = typeof priceLists.$inferSelect;
export type PriceListItemRow = typeof priceListItems.$inferSelect;
export type PriceListAssignmentRow = typeof priceListAssignments.$inferSelect;
export type ProductAccessRow = typeof productAccess.$inferSelect;
export type CustomerPartNumberRow = typeof customerPartNumbers.$inferSelect;
