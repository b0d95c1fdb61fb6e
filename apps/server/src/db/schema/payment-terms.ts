import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A customer an admin approved to pay by invoice (docs/decisions/0112): net `termsDays` days, and at most
 * `creditLimitCents` of invoiced orders still unpaid at once. No row: card only. Kept out of Better
 * Auth's users table so that its adapter never sees these columns.
 */
export const paymentTerms = pgTable(
  'payment_terms',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    termsDays: integer('terms_days').notNull(),
    creditLimitCents: integer('credit_limit_cents').notNull(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payment_terms_days', sql`${table.termsDays} in (15, 30, 60)`),
    check('payment_terms_limit_positive', sql`${table.creditLimitCents} > 0`),
  ],
);

export type PaymentTermsRow = typeof paymentTerms.$inferSelect;
