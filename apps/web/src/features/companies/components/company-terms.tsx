import type { PaymentTerms } from '@forgeline/shared/schemas/payment-terms';
import { formatPrice } from '@forgeline/shared/money';

/** The company's payment terms and its credit in use; the editor is the route's (payment-terms' dialog). */
export const CompanyTerms = ({ terms, onEdit }: { terms: PaymentTerms; onEdit: () => void }) => (
  <section aria-labelledby="company-terms" className="rounded-box border border-base-300 bg-base-100 p-4">
    <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
      <h3 id="company-terms" className="text-lg font-bold">
        Payment terms
      </h3>
      <button type="button" className="btn btn-outline btn-sm" onClick={onEdit}>
        {terms.approved ? 'Change terms' : 'Approve pay by invoice'}
      </button>
    </div>
    <p className="text-sm" data-testid="company-terms-state">
      {terms.approved
        ? `Pays by invoice, net ${terms.termsDays} days. Unpaid: $ ${formatPrice(terms.used)} of $ ${formatPrice(terms.creditLimit)} (available $ ${formatPrice(terms.available)}).`
        : 'Pays by card only.'}
    </p>
  </section>
);
