import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, taxExemptions, taxRates, type TaxRateRow } from '../../db/schema/index.ts';

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
  };
}
