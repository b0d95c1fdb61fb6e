import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { primaryId } from './columns.ts';

/**
 * What admins did (docs/decisions/0106): written in the transaction of the change itself, so an entry
 * exists exactly when its change does. The actor and the subject are copied as text: the log outlives
 * the admin's account, the product and the order it speaks of.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: primaryId(),
    // clock_timestamp, not now(): two entries of one transaction (a cancel and its refund) keep their order.
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    /** One of AUDIT_ACTIONS (packages/shared). */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    /** What a person calls the subject: an order number, a product's name, an e-mail address. */
    subjectLabel: text('subject_label').notNull(),
    /** Only the fields that changed, before and after (a creation has no before, a deletion no after). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_log_at_id_idx').on(table.at, table.id),
    index('audit_log_action_at_idx').on(table.action, table.at),
    index('audit_log_actor_email_idx').on(table.actorEmail),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
