import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { checkouts } from './checkouts.ts';
import { users } from './auth.ts';
import { companies } from './companies.ts';
import { products } from './products.ts';
import { createdAt, primaryId, textRef } from './columns.ts';

/** An order keeps its own copy of the product's name and price: deleting the product leaves it whole. */
export const orders = pgTable(
  'orders',
  {
    id: primaryId(),
    /**
     * The number a buyer quotes, from a sequence: stable whatever else is deleted. 'SO-' (sales order),
     * so that it never reads as one of our part numbers ('FL-BRG-6204'); orders numbered before keep 'FL-'.
     */
    number: text('number')
      .notNull()
      .unique()
      .default(sql`('SO-' || nextval('order_number_seq'))`),
    /** The checkout this order was placed in (with its address, PO reference and payment). */
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    // Orders outlive the product and the customer's account: both links are cleared, the copies stay.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The buyer's company when it was placed: the order stays the company's when the buyer leaves. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    productName: text('product_name').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** The buyer's company's own number for the part when it was ordered (customer_part_numbers). */
    customerPartNumber: text('customer_part_number'),
    quantity: integer('quantity').notNull(),
    /** The net price of the line (prices are net, docs/decisions/0219). */
    totalCents: integer('total_cents').notNull(),
    /** The tax of the line, frozen when placed: its category, its rate (hundredths of a percent) and cents. */
    taxCategory: text('tax_category', { enum: ['standard', 'reduced', 'exempt'] })
      .notNull()
      .default('standard'),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /**
     * The line's share of its checkout's delivery charge and of that charge's tax (decision 0235), frozen
     * when placed (or when the shop prices freight quoted on request): every path that reads the gross
     * (card, refund, credit line, invoice balance) includes it.
     */
    deliveryCents: integer('delivery_cents').notNull().default(0),
    deliveryTaxCents: integer('delivery_tax_cents').notNull().default(0),
    /** What the buyer pays for the line: net plus tax, plus its share of delivery and that tax. */
    grossCents: integer('gross_cents')
      .notNull()
      .generatedAlwaysAs(sql`total_cents + tax_cents + delivery_cents + delivery_tax_cents`),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    paid: boolean('paid').notNull().default(false),
    /** Shared by the orders of a checkout paid with one payment. */
    transactionId: text('transaction_id'),
    /** The provider's payment intent opened for this order, reused by later payment attempts. */
    paymentIntentId: text('payment_intent_id'),
    /** Only the brand and last four digits of the card that paid are kept. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /**
     * 'cancelled': kept as a record (decision 0195) once money moved or a document exists; its stock is
     * back on sale, a paid one was refunded, an invoiced one credited. It can no longer be paid or shipped.
     */
    status: text('status', { enum: ['pending', 'shipped', 'cancelled'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When its last piece left (status 'shipped'); a partly shipped line has none yet. */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /**
     * Pieces gone in shipments so far (decision 0232): kept on the line, so that a shipment's
     * conditional UPDATE can never take it past `quantity`, whatever runs beside it.
     */
    shippedQuantity: integer('shipped_quantity').notNull().default(0),
    /**
     * Pieces of the line still waiting for stock (decision 0238): ordered beyond the shelf of a part that
     * allows back-orders, filled by goods receipts oldest first. Only `quantity - backordered_quantity`
     * pieces are allocated, and only allocated pieces may ship.
     */
    backorderedQuantity: integer('backordered_quantity').notNull().default(0),
    /** The part's lead time when the line was placed with back-ordered pieces ('ships in about N days'). */
    leadTimeDays: integer('lead_time_days'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * Set on an order placed on payment terms (copied from its checkout): it ships unpaid, is never
     * cancelled for want of payment, and counts against the credit limit until paid (decision 0112).
     */
    dueAt: timestamp('due_at', { withTimezone: true }),
  },
  (table) => [
    check('orders_quantity_positive', sql`${table.quantity} > 0`),
    check('orders_total_matches', sql`${table.totalCents} = ${table.priceCents} * ${table.quantity}`),
    check('orders_tax_not_negative', sql`${table.taxCents} >= 0 and ${table.taxRateBasisPoints} >= 0`),
    check(
      'orders_shipped_only_when_paid',
      sql`${table.status} <> 'shipped' OR ${table.paid} OR ${table.dueAt} IS NOT NULL`,
    ),
    check(
      'orders_shipped_quantity_within',
      sql`${table.shippedQuantity} >= 0 and ${table.shippedQuantity} <= ${table.quantity}`,
    ),
    check(
      'orders_backordered_within',
      sql`${table.backorderedQuantity} >= 0 and ${table.shippedQuantity} + ${table.backorderedQuantity} <= ${table.quantity}`,
    ),
    check(
      'orders_cancelled_has_date',
      sql`(${table.status} = 'cancelled') = (${table.cancelledAt} IS NOT NULL)`,
    ),
    index('orders_user_id_idx').on(table.userId),
    index('orders_company_id_idx').on(table.companyId, table.createdAt),
    index('orders_checkout_id_idx').on(table.checkoutId),
    index('orders_transaction_id_idx').on(table.transactionId),
    index('orders_customer_email_idx').on(table.customerEmail),
    index('orders_created_at_idx').on(table.createdAt),
    // The admin's newest-first pages: keyset on (created_at, id).
    index('orders_created_at_id_idx').on(table.createdAt, table.id),
    // The admin's search (ILIKE '%term%' on each, or an id's first characters): one index per branch,
    // so that PostgreSQL combines them (BitmapOr) instead of reading every order. Needs pg_trgm.
    index('orders_customer_email_trgm_idx').using('gin', sql`${table.customerEmail} gin_trgm_ops`),
    index('orders_customer_name_trgm_idx').using('gin', sql`${table.customerName} gin_trgm_ops`),
    index('orders_product_name_trgm_idx').using('gin', sql`${table.productName} gin_trgm_ops`),
    index('orders_id_text_idx').using('btree', sql`(${table.id}::text) text_pattern_ops`),
    // The unpaid-hold figures of a new customer's order (decision 0032), read with the product's row
    // locked: what unpaid orders hold of each product. Without it, every such order read every order
    // (decision 0050).
    index('orders_unpaid_product_idx')
      .on(table.productId)
      .where(sql`${table.paid} = false and ${table.dueAt} is null`),
    // The back-order list and the goods receipt's fill: lines still waiting, per part, oldest first.
    index('orders_backordered_product_idx')
      .on(table.productId, table.createdAt)
      .where(sql`${table.backorderedQuantity} > 0 and ${table.status} = 'pending'`),
    // The expiry job's scan: unpaid orders by age.
    index('orders_unpaid_created_at_idx')
      .on(table.createdAt)
      .where(sql`${table.paid} = false`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/**
 * A card checkout whose payment window ran out unpaid (its lines cancelled, their stock released): the
 * record that lets a buyer who keeps ordering without paying be told to stop (docs/decisions/0156).
 */
export const lapsedHolds = pgTable(
  'lapsed_holds',
  {
    id: primaryId(),
    userId: textRef('user_id', () => users.id, 'cascade'),
    /** The lapsed checkout (its row may be gone; kept as a plain id so that each lapse counts once). */
    checkoutId: uuid('checkout_id').notNull().unique(),
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lapsed_holds_user_at').on(table.userId, table.lapsedAt)],
);
