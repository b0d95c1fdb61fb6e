import { sql } from 'drizzle-orm';
import { check, index, pgSequence, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { boolean, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './products.ts';
import { createdAt, primaryId, updatedAt, uuidRef } from './columns.ts';

/**
 * A named set of companies the shop prices and shows parts to alike (distributors, OEMs; decision 0216):
 * a price list or a part's visibility can name a group instead of each company in it.
 */
export const customerGroups = pgTable('customer_groups', {
  id: primaryId(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A customer that is a business (docs/decisions/0213): its legal name, tax ID and billing address, and
 * the payment terms and credit line all its members draw on (decision 0112, moved here from a person).
 */
export const companies = pgTable(
  'companies',
  {
    id: primaryId(),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    /**
     * When the shop verified the VAT ID (a VIES check) and who did: only a verified ID is reverse-charged
     * (docs/decisions/0219). Changing the ID or the country clears it.
     */
    taxIdVerifiedAt: timestamp('tax_id_verified_at', { withTimezone: true }),
    taxIdVerifiedBy: text('tax_id_verified_by'),
    billingAddress: text('billing_address').notNull(),
    /** Where the company is, for its tax: an ISO 3166 country code, and a region (a US state) if any. */
    country: text('country'),
    region: text('region'),
    /** False: buyers deliver only to a site of the address book. */
    allowFreeTextAddress: boolean('allow_free_text_address').notNull().default(true),
    /** Net days of the payment terms an admin approved, with the credit limit; both null: card only. */
    termsDays: integer('terms_days'),
    creditLimitCents: integer('credit_limit_cents'),
    termsUpdatedBy: text('terms_updated_by'),
    /** The customer group whose price lists and parts it shares, if any. */
    groupId: uuid('group_id').references(() => customerGroups.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('companies_terms_days', sql`${table.termsDays} is null or ${table.termsDays} in (15, 30, 60)`),
    check(
      'companies_terms_whole',
      sql`(${table.termsDays} is null) = (${table.creditLimitCents} is null) and coalesce(${table.creditLimitCents}, 1) > 0`,
    ),
    index('companies_created_at_id_idx').on(table.createdAt.desc(), table.id.desc()),
    index('companies_search_trgm_idx').using(
      'gin',
      sql`(${table.name} || ' ' || coalesce(${table.taxId}, '')) gin_trgm_ops`,
    ),
  ],
);

/** What the shop admin's company search looks through (the trigram index is built on it). */
export const companySearchText = sql`(${companies.name} || ' ' || coalesce(${companies.taxId}, ''))`;

/** A person's place in a company: one company per person, one role, and a buyer's spending limits. */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuidRef('company_id', () => companies.id, 'cascade'),
    role: text('role', { enum: ['admin', 'approver', 'buyer', 'finance'] }).notNull(),
    /** A buyer who may read all of the company's orders, not only their own. */
    seesAllOrders: boolean('sees_all_orders').notNull().default(false),
    orderLimitCents: integer('order_limit_cents'),
    monthlyLimitCents: integer('monthly_limit_cents'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('company_members_company_idx').on(table.companyId),
    check(
      'company_members_limits_positive',
      sql`coalesce(${table.orderLimitCents}, 1) > 0 and coalesce(${table.monthlyLimitCents}, 1) > 0`,
    ),
  ],
);

/** The company's delivery sites; a checkout copies the chosen one, so editing never rewrites an order. */
export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: primaryId(),
    companyId: uuidRef('company_id', () => companies.id, 'cascade'),
    label: text('label').notNull(),
    contact: text('contact').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('company_addresses_company_idx').on(table.companyId)],
);

/** An invitation by e-mail: the link's token is kept only as its SHA-256; used once, or revoked. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: primaryId(),
    companyId: uuidRef('company_id', () => companies.id, 'cascade'),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'approver', 'buyer', 'finance'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // One open invitation per address and company: a re-send replaces the link, never adds a second.
    uniqueIndex('company_invitations_open_email')
      .on(table.companyId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
  ],
);

/** A person's application for a business account, decided by the shop's admin. */
export const companyApplications = pgTable(
  'company_applications',
  {
    id: primaryId(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    applicantName: text('applicant_name').notNull(),
    applicantEmail: text('applicant_email').notNull(),
    companyName: text('company_name').notNull(),
    taxId: text('tax_id'),
    billingAddress: text('billing_address').notNull(),
    /** Where the company is, for its tax (decision 0231); null on applications made before it was asked. */
    country: text('country'),
    region: text('region'),
    note: text('note'),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('company_applications_one_pending')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
    index('company_applications_status_idx').on(table.status, table.createdAt),
  ],
);

export const orderRequestNumberSeq = pgSequence('order_request_number_seq', { startWith: 100001 });

/**
 * A checkout or a quote's acceptance over the buyer's spending limit (docs/decisions/0214): what the
 * buyer asked for, as they saw it, waiting for an approver. It holds no stock; an approval places it.
 */
export const orderRequests = pgTable(
  'order_requests',
  {
    id: primaryId(),
    number: text('number')
      .notNull()
      .unique()
      .default(sql`('RQ-' || nextval('order_request_number_seq'))`),
    companyId: uuidRef('company_id', () => companies.id, 'cascade'),
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    kind: text('kind', { enum: ['checkout', 'quote'] }).notNull(),
    quoteId: uuid('quote_id'),
    /** [{ productId, sku, name, quantity, unitCents }] as the buyer saw them. */
    lines: jsonb('lines').notNull(),
    totalCents: integer('total_cents').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    poReference: text('po_reference'),
    paymentMethod: text('payment_method', { enum: ['card', 'invoice'] }).notNull(),
    /** The quote's offer version the buyer accepted (a quote request). */
    offerVersion: text('offer_version'),
    /** The delivery method and destination the buyer chose ({ methodId, country, region }), priced when approved. */
    delivery: jsonb('delivery').$type<{ methodId: string; country: string; region: string | null }>(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'withdrawn', 'expired'] })
      .notNull()
      .default('pending'),
    comment: text('comment'),
    decidedBy: text('decided_by'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    checkoutId: uuid('checkout_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('order_requests_company_idx').on(table.companyId, table.createdAt),
    check('order_requests_total_positive', sql`${table.totalCents} > 0`),
  ],
);

/** A named part list shared inside a company. */
export const savedLists = pgTable(
  'saved_lists',
  {
    id: primaryId(),
    companyId: uuidRef('company_id', () => companies.id, 'cascade'),
    name: text('name').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('saved_lists_company_idx').on(table.companyId)],
);

export const savedListLines = pgTable(
  'saved_list_lines',
  {
    listId: uuidRef('list_id', () => savedLists.id, 'cascade'),
    productId: uuidRef('product_id', () => products.id, 'cascade'),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.listId, table.productId] }),
    check('saved_list_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyMemberRow = typeof companyMembers.$inferSelect;
export type CompanyAddressRow = typeof companyAddresses.$inferSelect;
export type CompanyInvitationRow = typeof companyInvitations.$inferSelect;
export type CompanyApplicationRow = typeof companyApplications.$inferSelect;
export type OrderRequestRow = typeof orderRequests.$inferSelect;
export type SavedListRow = typeof savedLists.$inferSelect;
