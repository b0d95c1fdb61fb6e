import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { companies } from './companies.ts';
import { createdAt, primaryId, textRef } from './columns.ts';

/**
 * API keys (docs/decisions/0234): the shop's (company null) for its ERP, a company's for its buyer's
 * system. A key acts for the admin who made it, within its scopes; only the SHA-256 of its secret is kept.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: primaryId(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: textRef('user_id', () => users.id, 'cascade'),
    name: text('name').notNull(),
    /** The secret's first characters, shown in lists. */
    start: text('start').notNull(),
    /** Hex SHA-256 of the whole secret: 192 random bits need no slow hash. */
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('api_keys_secret_hash_key').on(table.secretHash),
    index('api_keys_company_idx').on(table.companyId),
    check('api_keys_scopes_present', sql`cardinality(${table.scopes}) > 0`),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
