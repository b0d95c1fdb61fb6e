import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { createTaxRepository } from './repository.ts';

/**
 * The shop's admin says they checked a company's VAT ID (in VIES), or withdraws it (decision 0231). Only
 * a verified ID is reverse-charged; the companies module clears the mark when the ID or the country
 * changes, in the same update.
 */
export async function setTaxIdVerification(
  deps: Pick<AppDeps, 'db'>,
  admin: AuditActor,
  companyId: string,
  verified: boolean,
  now: Date = new Date(),
): Promise<{ taxId: string | null; taxIdVerifiedAt: string | null; taxIdVerifiedBy: string | null }> {
  return deps.db.transaction(async (tx) => {
    const repository = createTaxRepository(tx);
    const company = await repository.lockCompany(companyId);
    if (!company) throw notFound('Company');
    if (verified && !company.taxId)
      throw badRequest('This company has no VAT ID to verify: its company admin enters it first.');
    if (verified && !company.country)
      throw badRequest(
        'Set the company’s country first: a VAT ID is verified for the country the company is in.',
      );
    const at = verified ? now : null;
    const by = verified ? admin.email : null;
    await repository.setVerification(companyId, at, by);
    await recordAudit(tx, admin, {
      action: verified ? 'company.tax_id_verified' : 'company.tax_id_unverified',
      subject: { type: 'company', id: companyId, label: company.name },
      before: { taxIdVerifiedAt: company.taxIdVerifiedAt?.toISOString() ?? null },
      after: { taxId: company.taxId, country: company.country, taxIdVerifiedAt: at?.toISOString() ?? null },
    });
    return { taxId: company.taxId, taxIdVerifiedAt: at?.toISOString() ?? null, taxIdVerifiedBy: by };
  });
}
