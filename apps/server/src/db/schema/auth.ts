import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, textRef, updatedAt } from './columns.ts';

/**
 * Better Auth's tables (user, session, account, verification) with its admin plugin's fields. Better
 * Auth reads and writes them through its Drizzle adapter by these property names; `role` is 'admin'
 * or null and is never writable from a request body (the plugin marks it `input: false`).
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Make Admin at scale: keyset paging newest first, and the search by e-mail or name (pg_trgm).
    index('users_created_at_id_idx').on(table.createdAt.desc(), table.id.desc()),
    index('users_search_trgm_idx').using('gin', sql`(${table.email} || ' ' || ${table.name}) gin_trgm_ops`),
  ],
);

/** What the admin's user search looks through; the trigram index is built on exactly this expression. */
export const userSearchText = sql`(${users.email} || ' ' || ${users.name})`;

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: textRef('user_id', () => users.id, 'cascade'),
    impersonatedBy: text('impersonated_by'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: textRef('user_id', () => users.id, 'cascade'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

export type UserRow = typeof users.$inferSelect;
