import { useSearchParams } from 'react-router';
import { useTermsInvoices } from '@/features/payment-terms/api/terms';
import { TermsInvoicesTable } from '@/features/payment-terms/components/terms-invoices-table';
import { QueryState } from '@/components/ui/query-state';

/** /dashboard/termsInvoices, admins only: invoices on payment terms still unpaid, overdue ones on request. */
const TermsInvoicesRoute = () => {
  const [params, setParams] = useSearchParams();
  const overdue = params.get('overdue') === 'true';
  const invoices = useTermsInvoices(overdue);
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      <h2 id="dashboard-title" className="text-2xl font-bold">
        Invoices on terms
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={overdue}
            onChange={(event) =>
              setParams(event.target.checked ? { overdue: 'true' } : {}, { replace: true })
            }
          />
          Overdue only
        </label>
        <a
          className="btn btn-outline btn-sm"
          href={`/api/termsInvoices.csv${overdue ? '?overdue=true' : ''}`}
          download
        >
          Export CSV
        </a>
      </div>
      <QueryState
        query={invoices}
        loadingLabel="Loading the invoices"
        errorText="The invoices could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={<p>{overdue ? 'No invoice is overdue.' : 'Every invoice on terms is paid.'}</p>}
      >
        {(list) => <TermsInvoicesTable invoices={list} />}
      </QueryState>
    </section>
  );
};

export default TermsInvoicesRoute;
