import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * The answers given to requests sent with an `Idempotency-Key` (docs/decisions/0121): written in the
 * transaction of the change the request made, so a key is taken exactly when its change committed.
 * A retry with the same key gets the stored answer instead of a second change.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    // No foreign key to users: its KEY SHARE lock on the user's row deadlocked with the order's own
    // lock of that row (holds.ts) when one customer placed two orders at once. Keys expire in 24 h.
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, route and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code').notNull(),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_expires_idx').on(table.expiresAt),
  ],
);
