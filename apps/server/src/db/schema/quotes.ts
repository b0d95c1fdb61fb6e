import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { companies } from './companies.ts';
import { products } from './products.ts';
import { createdAt, primaryId, uuidRef } from './columns.ts';

/** A request for quote and, once the shop answers, its offer (docs/decisions/0111). */
export const quotes = pgTable(
  'quotes',
  {
    id: primaryId(),
    number: text('number').notNull().unique(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The asker's company (docs/decisions/0213): its members read the quote by their role. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    status: text('status', { enum: ['requested', 'offered', 'accepted', 'declined', 'expired'] })
      .notNull()
      .default('requested'),
    note: text('note'),
    createdAt: createdAt(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The checkout an accepted quote became. */
    checkoutId: text('checkout_id'),
  },
  (table) => [
    check('quotes_offer_has_expiry', sql`${table.status} <> 'offered' OR ${table.expiresAt} IS NOT NULL`),
    index('quotes_user_id_idx').on(table.userId),
    index('quotes_company_id_idx').on(table.companyId),
    index('quotes_status_created_at_idx').on(table.status, table.createdAt),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    id: primaryId(),
    quoteId: uuidRef('quote_id', () => quotes.id, 'cascade'),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    listPriceCents: integer('list_price_cents').notNull(),
    targetPriceCents: integer('target_price_cents'),
    offeredPriceCents: integer('offered_price_cents'),
  },
  (table) => [
    check('quote_lines_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'quote_lines_offer_positive',
      sql`${table.offeredPriceCents} IS NULL OR ${table.offeredPriceCents} > 0`,
    ),
    index('quote_lines_quote_id_idx').on(table.quoteId),
  ],
);

export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: primaryId(),
    quoteId: uuidRef('quote_id', () => quotes.id, 'cascade'),
    author: text('author', { enum: ['buyer', 'seller'] }).notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('quote_messages_quote_id_idx').on(table.quoteId, table.createdAt)],
);

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type QuoteMessageRow = typeof quoteMessages.$inferSelect;
