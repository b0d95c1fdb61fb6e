import { useSearchParams } from 'react-router';
import { QUOTE_STATUSES, type QuoteStatus } from '@forgeline/shared/schema-constants';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useQuotes } from '@/features/quotes/api/get-quotes';
import { QuotesList } from '@/features/quotes/components/quotes-list';
import { Loading } from '@/components/ui/spinner';

const STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: 'Waiting for prices',
  offered: 'Offered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

/** /dashboard/quotes, admins only: the requests to price first, then every other quote. */
const QuotesRoute = () => {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = QUOTE_STATUSES.find((value) => value === raw);
  const quotes = useQuotes(status);
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      <h2 id="dashboard-title" className="text-2xl font-bold">
        Quotes
      </h2>
      <label className="flex flex-wrap items-center gap-2 text-sm font-semibold">
        Show
        <select
          className="select select-bordered select-sm"
          value={status ?? ''}
          onChange={(event) =>
            setParams(event.target.value ? { status: event.target.value } : {}, { replace: true })
          }
        >
          <option value="">All quotes</option>
          {QUOTE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      {quotes.isPending ? (
        <Loading label="Loading the quotes" />
      ) : quotes.isError ? (
        <div role="alert" className="rounded-box border border-base-300 bg-base-100 p-6">
          <p>The quotes could not be loaded.</p>
          <button type="button" className="btn btn-primary btn-sm mt-3" onClick={() => void quotes.refetch()}>
            Try again
          </button>
        </div>
      ) : quotes.data.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-6">No quotes here.</p>
      ) : (
        <QuotesList quotes={quotes.data} hrefOf={dashboardPaths.quote.getHref} showBuyer />
      )}
    </section>
  );
};

export default QuotesRoute;
