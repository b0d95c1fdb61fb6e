import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { createdAt, primaryId, uuidRef } from './columns.ts';

/**
 * A tax rate as the shop's admin set it (docs/decisions/0219): a country (and optionally a region, a US
 * state), a category, hundredths of a percent, valid between two days. Rates of one place and category
 * never overlap (the service refuses it, under a lock of that place).
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: primaryId(),
    country: text('country').notNull(),
    region: text('region'),
    category: text('category', { enum: ['standard', 'reduced'] }).notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    name: text('name').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** Null: open-ended. */
    validTo: date('valid_to', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('tax_rates_rate_range', sql`${table.rateBasisPoints} between 0 and 10000`),
    check('tax_rates_country_code', sql`${table.country} ~ '^[A-Z]{2}$'`),
    check('tax_rates_valid_order', sql`${table.validTo} is null or ${table.validTo} >= ${table.validFrom}`),
    index('tax_rates_place_idx').on(table.country, table.region, table.category),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A company's tax exemption certificate (a US resale certificate, say): uploaded by the company, checked
 * by the shop's admin; once approved it exempts the company's orders until `expiresOn` (included).
 */
export const taxExemptions = pgTable(
  'tax_exemptions',
  {
    id: primaryId(),
    companyId: uuidRef('company_id', () => companies.id, 'cascade'),
    certificateNumber: text('certificate_number').notNull(),
    /** Where it applies, as written on it (a US state, say). */
    region: text('region'),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    file: bytea('file').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    uploadedBy: text('uploaded_by'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('tax_exemptions_company_idx').on(table.companyId, table.createdAt)],
);

export type TaxRateRow = typeof taxRates.$inferSelect;
export type TaxExemptionRow = typeof taxExemptions.$inferSelect;
