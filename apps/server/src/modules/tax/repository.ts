import { and, asc, desc, eq, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { newestFirst } from '../../db/keyset.ts';
import { columnsOf } from '../../db/columns.ts';
import {
  companies,
  companyMembers,
  invoices,
  taxExemptions,
  taxRates,
  users,
  type TaxExemptionRow,
  type TaxRateRow,
} from '../../db/schema/index.ts';

/** A certificate without its file, with its company's name and the file's size. */
export type ExemptionListRow = Omit<TaxExemptionRow, 'file'> & { companyName: string; size: number };

/** One group of the tax report: documents of one kind, country, treatment and rate. */
export interface TaxReportRow {
  kind: 'invoice' | 'credit_note';
  country: string | null;
  treatment: string;
  rateBasisPoints: number;
  netCents: number;
  taxCents: number;
  documents: number;
}

const exemptionColumns = {
  id: taxExemptions.id,
  companyId: taxExemptions.companyId,
  certificateNumber: taxExemptions.certificateNumber,
  region: taxExemptions.region,
  expiresOn: taxExemptions.expiresOn,
  fileName: taxExemptions.fileName,
  contentType: taxExemptions.contentType,
  status: taxExemptions.status,
  reason: taxExemptions.reason,
  uploadedBy: taxExemptions.uploadedBy,
  reviewedBy: taxExemptions.reviewedBy,
  reviewedAt: taxExemptions.reviewedAt,
  createdAt: taxExemptions.createdAt,
  companyName: companies.name,
  size: sql<number>`octet_length(${taxExemptions.file})::int`,
};

/** What a company's tax depends on: where it is, its VAT ID and whether the shop verified it. */
export interface CompanyTaxStatus {
  country: string | null;
  region: string | null;
  taxId: string | null;
  taxIdVerified: boolean;
}

/** Tax rates and exemption certificates (docs/decisions/0219); a company's tax columns, read here. */
export function createTaxRepository(db: Executor) {
  return {
    /** Every rate of one country, its regions' included (a handful of rows). */
    async ratesOf(country: string): Promise<TaxRateRow[]> {
      return db
        .select()
        .from(taxRates)
        .where(eq(taxRates.country, country))
        .orderBy(asc(taxRates.region), asc(taxRates.category), asc(taxRates.validFrom));
    },
    async companyStatus(companyId: string): Promise<CompanyTaxStatus | undefined> {
      const [row] = await db
        .select({
          country: companies.country,
          region: companies.region,
          taxId: companies.taxId,
          verifiedAt: companies.taxIdVerifiedAt,
        })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row && { ...row, taxIdVerified: row.verifiedAt !== null };
    },
    /** The approved certificate of the company valid on `day` that runs longest, if any. */
    async validExemption(
      companyId: string,
      day: string,
    ): Promise<{ number: string; expiresOn: string } | undefined> {
      const [row] = await db
        .select({ number: taxExemptions.certificateNumber, expiresOn: taxExemptions.expiresOn })
        .from(taxExemptions)
        .where(
          and(
            eq(taxExemptions.companyId, companyId),
            eq(taxExemptions.status, 'approved'),
            gte(taxExemptions.expiresOn, sql`${day}::date`),
          ),
        )
        .orderBy(desc(taxExemptions.expiresOn))
        .limit(1);
      return row;
    },

    /* ---- the shop admin's rates (decision 0231) ---- */

    async allRates(): Promise<TaxRateRow[]> {
      return db
        .select()
        .from(taxRates)
        .orderBy(
          asc(taxRates.country),
          sql`${taxRates.region} nulls first`,
          asc(taxRates.category),
          asc(taxRates.validFrom),
        );
    },
    async rate(id: string): Promise<TaxRateRow | undefined> {
      const [row] = await db.select().from(taxRates).where(eq(taxRates.id, id));
      return row;
    },
    /**
     * Holds, until the transaction ends, the lock of one place and category's rates: two admins saving
     * rates of the same place check for overlaps one after the other (a lock of a key, since the rate
     * being added has no row yet to lock). Works on PostgreSQL and PGlite.
     */
    async lockPlace(place: { country: string; region: string | null; category: string }): Promise<void> {
      const key = `tax_rates:${place.country}:${place.region ?? ''}:${place.category}`;
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    },
    /** A rate of the place and category valid on some day of [validFrom, validTo] (null: open), but `exceptId`. */
    async overlapping(rate: {
      country: string;
      region: string | null;
      category: string;
      validFrom: string;
      validTo: string | null;
      exceptId?: string | undefined;
    }): Promise<TaxRateRow | undefined> {
      const [row] = await db
        .select()
        .from(taxRates)
        .where(
          and(
            eq(taxRates.country, rate.country),
            rate.region === null ? isNull(taxRates.region) : eq(taxRates.region, rate.region),
            eq(taxRates.category, rate.category as 'standard'),
            rate.exceptId ? ne(taxRates.id, rate.exceptId) : undefined,
            or(isNull(taxRates.validTo), gte(taxRates.validTo, sql`${rate.validFrom}::date`)),
            rate.validTo === null ? undefined : sql`${taxRates.validFrom} <= ${rate.validTo}::date`,
          ),
        )
        .orderBy(asc(taxRates.validFrom))
        .limit(1);
      return row;
    },
    async insertRate(values: typeof taxRates.$inferInsert): Promise<TaxRateRow> {
      const [row] = await db.insert(taxRates).values(values).returning();
      if (!row) throw new Error('the tax rate insert returned no row');
      return row;
    },
    async updateRate(
      id: string,
      values: Partial<typeof taxRates.$inferInsert>,
    ): Promise<TaxRateRow | undefined> {
      const [row] = await db.update(taxRates).set(values).where(eq(taxRates.id, id)).returning();
      return row;
    },
    async deleteRate(id: string): Promise<TaxRateRow | undefined> {
      const [row] = await db.delete(taxRates).where(eq(taxRates.id, id)).returning();
      return row;
    },

    /* ---- a company's VAT ID verification ---- */

    /** The company's tax columns and name, its row locked until the transaction ends. */
    async lockCompany(companyId: string) {
      const [row] = await db
        .select({
          id: companies.id,
          name: companies.name,
          taxId: companies.taxId,
          country: companies.country,
          region: companies.region,
          taxIdVerifiedAt: companies.taxIdVerifiedAt,
          taxIdVerifiedBy: companies.taxIdVerifiedBy,
        })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for('no key update');
      return row;
    },
    async setVerification(companyId: string, verifiedAt: Date | null, verifiedBy: string | null) {
      await db
        .update(companies)
        .set({ taxIdVerifiedAt: verifiedAt, taxIdVerifiedBy: verifiedBy, updatedAt: new Date() })
        .where(eq(companies.id, companyId));
    },
    /** The e-mail addresses of the company's admins. */
    async companyAdminEmails(companyId: string): Promise<{ name: string; email: string }[]> {
      return db
        .select({ name: users.name, email: users.email })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')))
        .orderBy(asc(users.email));
    },

    /* ---- exemption certificates ---- */

    async insertExemption(values: typeof taxExemptions.$inferInsert): Promise<ExemptionListRow> {
      const [row] = await db.insert(taxExemptions).values(values).returning({ id: taxExemptions.id });
      if (!row) throw new Error('the exemption insert returned no row');
      const [listed] = await this.exemptions({ id: row.id });
      if (!listed) throw new Error('the exemption just inserted is missing');
      return listed;
    },
    /** Certificates, newest first, without their files. */
    async exemptions(filter: {
      id?: string;
      companyId?: string | undefined;
      pendingOnly?: boolean;
    }): Promise<ExemptionListRow[]> {
      return db
        .select(exemptionColumns)
        .from(taxExemptions)
        .innerJoin(companies, eq(companies.id, taxExemptions.companyId))
        .where(
          and(
            filter.id ? eq(taxExemptions.id, filter.id) : undefined,
            filter.companyId ? eq(taxExemptions.companyId, filter.companyId) : undefined,
            filter.pendingOnly ? eq(taxExemptions.status, 'pending') : undefined,
          ),
        )
        .orderBy(...newestFirst(taxExemptions.createdAt, taxExemptions.id))
        .limit(500);
    },
    async exemptionFile(
      id: string,
    ): Promise<Pick<TaxExemptionRow, 'companyId' | 'file' | 'fileName' | 'contentType'> | undefined> {
      const [row] = await db
        .select(columnsOf(taxExemptions, ['companyId', 'file', 'fileName', 'contentType']))
        .from(taxExemptions)
        .where(eq(taxExemptions.id, id));
      return row;
    },
    async lockExemption(id: string): Promise<{ id: string; companyId: string; status: string } | undefined> {
      const [row] = await db
        .select({ id: taxExemptions.id, companyId: taxExemptions.companyId, status: taxExemptions.status })
        .from(taxExemptions)
        .where(eq(taxExemptions.id, id))
        .for('update');
      return row;
    },
    async decideExemption(
      id: string,
      values: { status: 'approved' | 'rejected'; reason: string | null; reviewedBy: string },
    ): Promise<void> {
      await db
        .update(taxExemptions)
        .set({ ...values, reviewedAt: new Date() })
        .where(eq(taxExemptions.id, id));
    },

    /* ---- the report ---- */

    /**
     * Invoices and credit notes issued from `from` (included) to `to` (excluded), summed by kind, buyer's
     * country, treatment and each line's rate. A document of several rates counts once in each group.
     */
    async reportRows(from: Date, to: Date): Promise<TaxReportRow[]> {
      const line = sql`line`;
      const rate = sql<number>`coalesce((${line}->>'taxRateBasisPoints')::int, 0)`;
      const rows = await db
        .select({
          kind: invoices.kind,
          country: invoices.buyerCountry,
          treatment: invoices.taxTreatment,
          rateBasisPoints: sql<number>`${rate}`.as('rate'),
          netCents: sql<string>`sum((${line}->>'totalCents')::bigint)`,
          taxCents: sql<string>`sum(coalesce((${line}->>'taxCents')::bigint, 0))`,
          documents: sql<number>`count(distinct ${invoices.id})::int`,
        })
        .from(invoices)
        .innerJoin(sql`lateral jsonb_array_elements(${invoices.lines}) as ${line}`, sql`true`)
        .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
        .groupBy(invoices.kind, invoices.buyerCountry, invoices.taxTreatment, sql`rate`)
        .orderBy(sql`${invoices.buyerCountry} nulls first`, sql`rate`, invoices.taxTreatment, invoices.kind);
      return rows.map((row) => ({
        ...row,
        rateBasisPoints: Number(row.rateBasisPoints),
        netCents: Number(row.netCents),
        taxCents: Number(row.taxCents),
      }));
    },
  };
}
