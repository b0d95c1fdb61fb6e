import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    minOrder: integer('min_order').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The database itself refuses oversold stock, whatever the code above it does.
    check('products_available_quantity_non_negative', sql`${table.availableQuantity} >= 0`),
    check('products_min_order_positive', sql`${table.minOrder} >= 1`),
    check('products_price_positive', sql`${table.priceCents} > 0`),
    index('products_created_at_idx').on(table.createdAt),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
