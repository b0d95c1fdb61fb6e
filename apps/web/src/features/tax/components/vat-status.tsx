import type { Company } from '@forgeline/shared/schemas/company';
import { countryName } from '@forgeline/shared/countries';
import { BoxedPanel } from '@/components/ui/panel-section';
import { formatMoment } from '@/lib/format-date';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useTaxIdVerification } from '../api/tax';

/** 'VAT ID verified on …' or 'not verified: VAT is charged', words both company pages show. */
export const vatStatusText = (company: Pick<Company, 'taxId' | 'taxIdVerifiedAt'>) =>
  !company.taxId
    ? 'No VAT ID: VAT is charged'
    : company.taxIdVerifiedAt
      ? `VAT ID verified on ${formatMoment(company.taxIdVerifiedAt)}`
      : 'VAT ID not verified: VAT is charged';

/** The shop admin's panel: where the company is, its VAT ID, and Verify / Withdraw (after a VIES check). */
export const VatVerificationPanel = ({ company }: { company: Company }) => {
  const verification = useTaxIdVerification(company.id);
  const set = async (verified: boolean) => {
    try {
      await verification.mutateAsync(verified);
      toast.success(verified ? 'VAT ID marked verified' : 'VAT ID verification withdrawn');
    } catch (error) {
      toast.error(errorMessage(error, 'The verification could not be saved.'));
    }
  };
  return (
    <BoxedPanel id="vat-title" title="Tax status">
      <dl className="flex flex-col gap-1">
        <div className="flex flex-wrap gap-2">
          <dt className="font-semibold">Country:</dt>
          <dd>
            {company.country
              ? `${countryName(company.country)}${company.region ? `, ${company.region}` : ''}`
              : 'Not set: taxed as the shop’s own country'}
          </dd>
        </div>
        <div className="flex flex-wrap gap-2">
          <dt className="font-semibold">VAT ID:</dt>
          <dd className="break-all">{company.taxId ?? '—'}</dd>
        </div>
      </dl>
      <p className="mt-2" data-testid="vat-status">
        {vatStatusText(company)}
        {company.taxIdVerifiedBy ? ` by ${company.taxIdVerifiedBy}` : ''}
      </p>
      {company.taxId ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {company.taxIdVerifiedAt ? (
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={verification.isPending}
              onClick={() => void set(false)}
            >
              Withdraw verification
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={verification.isPending}
              onClick={() => void set(true)}
            >
              Mark VAT ID verified
            </button>
          )}
          <a
            className="btn btn-sm btn-ghost"
            href="https://ec.europa.eu/taxation_customs/vies/"
            target="_blank"
            rel="noreferrer noopener"
          >
            Check in VIES
          </a>
        </div>
      ) : null}
    </BoxedPanel>
  );
};
