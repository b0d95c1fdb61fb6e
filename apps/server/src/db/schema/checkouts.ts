import { sql } from 'drizzle-orm';
import { check, index, pgSequence, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { bigint, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, primaryId, sequencedNumber, textRef, updatedAt, uuidRef } from './columns.ts';
import { companies } from './companies.ts';
import { products } from './products.ts';

/** Order numbers ('SO-100001', …; 'FL-…' before they had to differ from part numbers) and checkout numbers ('CO-100001', …): never reused. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });
export const checkoutNumberSeq = pgSequence('checkout_number_seq', { startWith: 100001 });

/**
 * Orders placed together (docs/architecture.md §9): one delivery address and phone, the buyer's PO reference, one
 * payment. Each line stays an order of its own; this row only groups them.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: primaryId(),
    number: sequencedNumber('CO', 'checkout_number_seq'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    poReference: text('po_reference'),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    /** The total when it was placed; cancelled lines later leave it as a record of what was ordered. */
    totalCents: integer('total_cents').notNull(),
    /**
     * The tax of its lines when placed and how it was decided (docs/decisions/0219), with the buyer's
     * country and tax ID as they were: an invoice issued later shows what the order was placed under.
     */
    taxCents: integer('tax_cents').notNull().default(0),
    grossCents: integer('gross_cents')
      .notNull()
      .generatedAlwaysAs(sql`total_cents + tax_cents`),
    taxTreatment: text('tax_treatment', { enum: ['none', 'taxed', 'reverse_charge', 'export', 'exempt'] })
      .notNull()
      .default('none'),
    taxNote: text('tax_note'),
    buyerCountry: text('buyer_country'),
    buyerTaxId: text('buyer_tax_id'),
    lineCount: integer('line_count').notNull(),
    /**
     * How it is delivered (decision 0235), frozen when placed: the method's name and kind as they were,
     * the destination it was priced for, the charge and its tax (the lines carry their shares of both).
     * 'awaiting_quote': freight quoted on request, not priced yet (the checkout cannot be paid until it is);
     * 'none': placed without a delivery method (before delivery methods, a quote, an approved request).
     */
    deliveryStatus: text('delivery_status', { enum: ['none', 'priced', 'awaiting_quote'] })
      .notNull()
      .default('none'),
    deliveryMethodId: uuid('delivery_method_id'),
    deliveryMethodName: text('delivery_method_name'),
    deliveryKind: text('delivery_kind'),
    deliveryCountry: text('delivery_country'),
    deliveryRegion: text('delivery_region'),
    deliveryWeightGrams: integer('delivery_weight_grams').notNull().default(0),
    deliveryCents: integer('delivery_cents').notNull().default(0),
    deliveryTaxRateBasisPoints: integer('delivery_tax_rate_basis_points').notNull().default(0),
    deliveryTaxCents: integer('delivery_tax_cents').notNull().default(0),
    /** When the shop priced freight quoted on request: the card payment window runs from then. */
    deliveryPricedAt: timestamp('delivery_priced_at', { withTimezone: true }),
    /** The provider's intent opened for the checkout's unpaid lines, reused by later attempts. */
    paymentIntentId: text('payment_intent_id'),
    /** 'invoice': placed on payment terms (docs/decisions/0112), paid by transfer by `dueAt`. */
    paymentMethod: text('payment_method', { enum: ['card', 'invoice'] })
      .notNull()
      .default('card'),
    termsDays: integer('terms_days'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** The buyer's company when it was placed (docs/decisions/0213): its orders, credit and documents. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The shop admin who placed it on the buyer's behalf ('order for this customer'). */
    placedBy: text('placed_by'),
    placedByName: text('placed_by_name'),
    /** The label of the address-book site it goes to, when one was picked. */
    addressLabel: text('address_label'),
    /** When the one overdue reminder was queued (never twice). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('checkouts_line_count_positive', sql`${table.lineCount} > 0`),
    check('checkouts_delivery_cents_non_negative', sql`${table.deliveryCents} >= 0`),
    index('checkouts_user_id_idx').on(table.userId, table.createdAt),
    index('checkouts_company_id_idx').on(table.companyId, table.createdAt),
    // The admin's order search by PO reference (ILIKE '%term%'): without it, every search read every
    // checkout (16-22 ms of 20,000 checkouts, decision 0102). Needs pg_trgm (migration 0010).
    index('checkouts_po_reference_trgm_idx').using('gin', sql`${table.poReference} gin_trgm_ops`),
    check(
      'checkouts_invoice_has_due_date',
      sql`(${table.paymentMethod} = 'invoice') = (${table.dueAt} is not null)`,
    ),
    // Open invoices on terms by due date: the overdue list and the reminder job.
    index('checkouts_invoice_due_at_idx')
      .on(table.dueAt)
      .where(sql`${table.paymentMethod} = 'invoice'`),
  ],
);

/** The signed-in buyer's cart: one row per product, kept across devices. */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: textRef('user_id', () => users.id, 'cascade'),
    productId: uuidRef('product_id', () => products.id, 'cascade'),
    quantity: integer('quantity').notNull(),
    /** The order lines were added in, from a sequence: timestamps can tie or step back, this cannot. */
    position: bigint('position', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    check('cart_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

export type CheckoutRow = typeof checkouts.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;
