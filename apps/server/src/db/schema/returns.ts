import { sql } from 'drizzle-orm';
import { check, index, integer, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, primaryId, sequencedNumber, uuidRef } from './columns.ts';
import { invoices } from './invoices.ts';
import { orders } from './orders.ts';

/** Return numbers ('RT-100001'), quoted in mails and on the credit note: never reused. */
export const returnNumberSeq = pgSequence('return_number_seq', { startWith: 100001 });

// Spelled out (drizzle-kit reads this file alone); the shared lists in returns.ts are the same.
const REASONS = ['wrong_part', 'damaged', 'defective', 'not_needed', 'ordered_by_mistake', 'other'] as const;
const STATUSES = ['requested', 'approved', 'refused', 'received', 'refunded'] as const;
const METHODS = ['card', 'invoice_credit', 'bank_transfer'] as const;

/**
 * Shipped pieces of one order line a buyer asks back (decision 0240): requested → approved | refused →
 * received (so many resaleable, back in stock) → refunded (card, invoice credit or transfer, with a
 * credit note). A refused return no longer holds its pieces; every other status does.
 */
export const returns = pgTable(
  'returns',
  {
    id: primaryId(),
    number: sequencedNumber('RT', 'return_number_seq'),
    orderId: uuidRef('order_id', () => orders.id, 'cascade'),
    /** Who asked (the buyer, or a colleague whose role reads the order); cleared when the account goes. */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason', { enum: REASONS }).notNull(),
    comment: text('comment'),
    status: text('status', { enum: STATUSES }).notNull().default('requested'),
    /** The shop's note with its decision (required to refuse). */
    note: text('note'),
    /** Pieces received fit to sell again, given back to stock (set when received). */
    resaleableQuantity: integer('resaleable_quantity'),
    refundMethod: text('refund_method', { enum: METHODS }),
    /** What was given back, net + tax, in cents (set when refunded). */
    refundedCents: integer('refunded_cents'),
    creditNoteId: uuid('credit_note_id').references(() => invoices.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    check('returns_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'returns_resaleable_within',
      sql`${table.resaleableQuantity} IS NULL OR (${table.resaleableQuantity} >= 0 AND ${table.resaleableQuantity} <= ${table.quantity})`,
    ),
    check(
      'returns_refunded_not_negative',
      sql`${table.refundedCents} IS NULL OR ${table.refundedCents} >= 0`,
    ),
    index('returns_order_id_idx').on(table.orderId),
    index('returns_status_created_idx').on(table.status, table.createdAt),
  ],
);

export type ReturnRow = typeof returns.$inferSelect;
