import { sql } from 'drizzle-orm';
import { check, index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigserial, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { companies } from './companies.ts';
import { createdAt, primaryId, textRef, updatedAt, uuidRef } from './columns.ts';

/**
 * Webhook endpoints (docs/decisions/0260): the shop's (company null) or a company's. The secret is kept
 * readable (`whsec_…`), as the Standard Webhooks convention has it: the admin reveals or rotates it.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: primaryId(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    secret: text('secret').notNull(),
    status: text('status', { enum: ['active', 'paused'] })
      .notNull()
      .default('active'),
    pausedReason: text('paused_reason'),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('webhook_endpoints_company_idx').on(table.companyId),
    check('webhook_endpoints_events_present', sql`cardinality(${table.eventTypes}) > 0`),
  ],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** One row per event; `seq` orders an endpoint's deliveries as the events happened. */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('webhook_messages_seq_key').on(table.seq)],
);
export type WebhookMessageRow = typeof webhookMessages.$inferSelect;

/** A message owed to one endpoint: pending until a 2xx, retried on the recorded schedule. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: primaryId(),
    endpointId: uuidRef('endpoint_id', () => webhookEndpoints.id, 'cascade'),
    messageId: textRef('message_id', () => webhookMessages.id, 'cascade'),
    seq: integer('seq').notNull(),
    status: text('status', { enum: ['pending', 'succeeded'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_endpoint_message_key').on(table.endpointId, table.messageId),
    index('webhook_deliveries_pending_idx').on(table.endpointId, table.status, table.seq),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Every request made: status code, timing, error, the start of the answer. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: primaryId(),
    deliveryId: uuidRef('delivery_id', () => webhookDeliveries.id, 'cascade'),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.at)],
);
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
