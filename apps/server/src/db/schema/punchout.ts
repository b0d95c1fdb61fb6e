import { index, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './auth.ts';
import { checkouts } from './checkouts.ts';
import { companies } from './companies.ts';
import { createdAt, primaryId, textRef, updatedAt, uuidRef } from './columns.ts';

/**
 * A company's punchout credentials (docs/decisions/0246): its procurement system's cXML identity and
 * shared secret, its SAP OCI user name and password (both secrets kept only as scrypt hashes), and the
 * member its punchout buyers act as.
 */
export const punchoutCredentials = pgTable(
  'punchout_credentials',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    actingUserId: textRef('acting_user_id', () => users.id, 'cascade'),
    /** Lower case: cXML credential domains (NetworkID, DUNS, …) are compared without case. */
    cxmlDomain: text('cxml_domain'),
    cxmlIdentity: text('cxml_identity'),
    sharedSecretHash: text('shared_secret_hash'),
    ociUsername: text('oci_username'),
    ociPasswordHash: text('oci_password_hash'),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('punchout_credentials_cxml_key').on(table.cxmlDomain, table.cxmlIdentity),
    uniqueIndex('punchout_credentials_oci_key').on(table.ociUsername),
  ],
);

/**
 * One punchout visit: opened by a PunchOutSetupRequest (a one-time start token, kept as its SHA-256)
 * or an OCI entry, signed in as the acting member (the Better Auth session), ended by the transfer.
 */
export const punchoutSessions = pgTable(
  'punchout_sessions',
  {
    id: primaryId(),
    companyId: uuidRef('company_id', () => companies.id, 'cascade'),
    protocol: text('protocol', { enum: ['cxml', 'oci'] }).notNull(),
    /** cXML BrowserFormPost URL or OCI HOOK_URL: where the cart goes back to. */
    returnUrl: text('return_url').notNull(),
    /** cXML: the BuyerCookie and the From/To identities, echoed in the PunchOutOrderMessage. */
    buyerCookie: text('buyer_cookie'),
    buyerIdentity: text('buyer_identity'),
    startTokenHash: text('start_token_hash').unique(),
    startExpiresAt: timestamp('start_expires_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    authSessionId: text('auth_session_id').references(() => sessions.id, { onDelete: 'set null' }),
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('punchout_sessions_auth_session_key').on(table.authSessionId)],
);

/** Every punchout document in and out, as it was (bounded), for the shop's admin. */
export const punchoutDocuments = pgTable(
  'punchout_documents',
  {
    id: primaryId(),
    companyId: uuidRef('company_id', () => companies.id, 'cascade'),
    sessionId: uuid('session_id').references(() => punchoutSessions.id, { onDelete: 'set null' }),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    kind: text('kind').notNull(),
    payloadId: text('payload_id'),
    status: smallint('status').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('punchout_documents_company_idx').on(table.companyId, table.createdAt.desc(), table.id)],
);

/** An OrderRequest taken: one per company and order id, so a replay finds the checkout it made. */
export const punchoutOrders = pgTable(
  'punchout_orders',
  {
    companyId: uuidRef('company_id', () => companies.id, 'cascade'),
    orderRef: text('order_ref').notNull(),
    payloadId: text('payload_id').notNull(),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.orderRef] })],
);

export type PunchoutCredentialsRow = typeof punchoutCredentials.$inferSelect;
export type PunchoutSessionRow = typeof punchoutSessions.$inferSelect;
export type PunchoutDocumentRow = typeof punchoutDocuments.$inferSelect;
