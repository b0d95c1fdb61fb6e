import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * The built-in test-mode card processor's payment intents (docs/architecture.md §5). Kept in the database, not in
 * memory, so that any instance can confirm or look up an intent another instance created. No card
 * number is stored: only the brand and last four digits of the card that paid.
 */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique(),
    /** What the intent pays: one order, or every unpaid order of a checkout. */
    orderId: text('order_id'),
    checkoutId: text('checkout_id'),
    amountCents: integer('amount_cents').notNull(),
    amountReceivedCents: integer('amount_received_cents').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] })
      .notNull()
      .default('requires_payment_method'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    lastErrorCode: text('last_error_code'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('test_payment_intents_amount_positive', sql`${table.amountCents} > 0`),
    check(
      'test_payment_intents_refund_bounded',
      sql`${table.refundedCents} BETWEEN 0 AND ${table.amountReceivedCents}`,
    ),
    index('test_payment_intents_order_id_idx').on(table.orderId),
  ],
);

export type TestPaymentIntentRow = typeof testPaymentIntents.$inferSelect;

/** Provider webhook events already applied: the primary key makes each event id count once. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
