import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { date, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { primaryId, uuidRef } from './columns.ts';

/**
 * One counter row per series (e.g. 'INV-2026'). The number is taken by an UPDATE of this row inside the
 * transaction that records the payment: the row stays locked until that transaction ends, so numbers
 * are handed out one at a time, and a transaction that rolls back gives its number back (no gaps).
 */
export const documentCounters = pgTable('document_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** A line as it was invoiced: a copy, so the document reads the same after the product changes. */
export interface InvoiceLine {
  orderId: string;
  /** What the buyer knows the order by (its order number once there is one, else its id). */
  reference: string;
  sku: string | null;
  description: string;
  quantity: number;
  unitPriceCents: number;
  /** Net. */
  totalCents: number;
  /** The rate (hundredths of a percent) and tax of the line; absent on documents issued before tax. */
  taxRateBasisPoints?: number;
  taxCents?: number;
  /** 'delivery': the checkout's delivery charge as its own line (decision 0235); `orderId` is its first order's. */
  kind?: 'delivery';
}

/**
 * Invoices and credit notes. Everything a document shows is copied in when it is issued, so a
 * document never changes once numbered; it is rendered to PDF on request from this row.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: primaryId(),
    number: text('number').notNull().unique(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The company billed (docs/decisions/0213), as it was when the document was issued. */
    companyId: uuid('company_id'),
    companyName: text('company_name'),
    companyTaxId: text('company_tax_id'),
    billingAddress: text('billing_address'),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    phone: text('phone').notNull(),
    poReference: text('po_reference'),
    checkoutId: text('checkout_id'),
    /** The payment it records (the provider's transaction id, or the reference an admin entered). */
    paymentReference: text('payment_reference').notNull(),
    paymentMethod: text('payment_method').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    /** Gross: net plus tax (docs/decisions/0219). */
    totalCents: integer('total_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    taxTreatment: text('tax_treatment', { enum: ['none', 'taxed', 'reverse_charge', 'export', 'exempt'] })
      .notNull()
      .default('none'),
    /** The wording the treatment requires (reverse charge, export, exemption), copied in when issued. */
    taxNote: text('tax_note'),
    buyerCountry: text('buyer_country'),
    /** The day the goods were supplied (the order's), beside the day the document was issued. */
    suppliedOn: date('supplied_on', { mode: 'string' }),
    /** For a credit note: the invoice it credits. */
    creditsInvoiceId: uuid('credits_invoice_id'),
    /** For a credit note: the order line it refunds (one credit note per refunded line). */
    refundedOrderId: uuid('refunded_order_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** An invoice on payment terms: payable by this date, net `termsDays` (decision 0112). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    termsDays: integer('terms_days'),
  },
  (table) => [
    check('invoices_total_positive', sql`${table.totalCents} > 0`),
    check('invoices_gross_is_net_plus_tax', sql`${table.totalCents} = ${table.netCents} + ${table.taxCents}`),
    index('invoices_user_id_idx').on(table.userId),
    index('invoices_company_id_idx').on(table.companyId, table.issuedAt),
    // One invoice per payment, and one credit note per refunded line, whatever retries happen.
    uniqueIndex('invoices_one_per_payment')
      .on(table.paymentReference)
      .where(sql`${table.kind} = 'invoice'`),
    uniqueIndex('invoices_one_credit_note_per_line')
      .on(table.refundedOrderId)
      .where(sql`${table.kind} = 'credit_note'`),
  ],
);

/** Which orders a document covers: finds the invoice of an order without reading every document. */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    invoiceId: uuidRef('invoice_id', () => invoices.id, 'cascade'),
    // No foreign key to orders: a cancelled order's row may go, its invoice and credit note stay.
    orderId: uuid('order_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.invoiceId, table.orderId] }),
    index('invoice_orders_order_id_idx').on(table.orderId),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
