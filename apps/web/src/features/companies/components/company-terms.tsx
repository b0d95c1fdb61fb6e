import type { PaymentTerms } from '@forgeline/shared/schemas/payment-terms';
import { formatPrice } from '@forgeline/shared/money';
import { BoxedPanel } from '@/components/ui/panel-section';

/** The company's payment terms and its credit in use; the editor is the route's (payment-terms' dialog). */
export const CompanyTerms = ({ terms, onEdit }: { terms: PaymentTerms; onEdit: () => void }) => (
  <BoxedPanel
    id="company-terms"
    title="Payment terms"
    actions={
      <button type="button" className="btn btn-outline btn-sm" onClick={onEdit}>
        {terms.approved ? 'Change terms' : 'Approve pay by invoice'}
      </button>
    }
  >
    <p className="text-sm" data-testid="company-terms-state">
      {terms.approved
        ? `Pays by invoice, net ${terms.termsDays} days. Unpaid: $ ${formatPrice(terms.used)} of $ ${formatPrice(terms.creditLimit)} (available $ ${formatPrice(terms.available)}).`
        : 'Pays by card only.'}
    </p>
  </BoxedPanel>
);
