import { useSearchParams } from 'react-router';
import { useTermsInvoices } from '@/features/payment-terms/api/terms';
import { TermsInvoicesTable } from '@/features/payment-terms/components/terms-invoices-table';
import { AdminListPage } from '@/components/ui/admin-list-page';
import { CheckboxField } from '@/components/ui/form-field';

/** /dashboard/termsInvoices, admins only: invoices on payment terms still unpaid, overdue ones on request. */
const TermsInvoicesRoute = () => {
  const [params, setParams] = useSearchParams();
  const overdue = params.get('overdue') === 'true';
  const invoices = useTermsInvoices(overdue);
  return (
    <AdminListPage
      title="Invoices on terms"
      toolbar={
        <>
          <CheckboxField
            label="Overdue only"
            className="font-semibold"
            checked={overdue}
            onChange={(event) =>
              setParams(event.target.checked ? { overdue: 'true' } : {}, { replace: true })
            }
          />
          <a
            className="btn btn-outline btn-sm"
            href={`/api/termsInvoices.csv${overdue ? '?overdue=true' : ''}`}
            download
          >
            Export CSV
          </a>
        </>
      }
      toolbarLabel="Find invoices"
      query={invoices}
      subject="the invoices"
      empty={overdue ? 'No invoice is overdue.' : 'Every invoice on terms is paid.'}
    >
      {(list) => <TermsInvoicesTable invoices={list} />}
    </AdminListPage>
  );
};

export default TermsInvoicesRoute;
