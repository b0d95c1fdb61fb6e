import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './products.ts';
import { createdAt, primaryId } from './columns.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: primaryId(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    profession: text('profession').notNull(),
    body: text('body').notNull(),
    imageUrl: text('image_url'),
    rating: integer('rating').notNull(),
    /** The part reviewed, when the review was written from its product page; the carousel shows every review. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    check('reviews_rating_range', sql`${table.rating} BETWEEN 1 AND 5`),
    index('reviews_created_at_idx').on(table.createdAt),
    index('reviews_product_idx').on(table.productId, table.createdAt),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
