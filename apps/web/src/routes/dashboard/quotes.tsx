import { useSearchParams } from 'react-router';
import { QUOTE_STATUSES, type QuoteStatus } from '@forgeline/shared/schema-constants';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useQuotes } from '@/features/quotes/api/get-quotes';
import { QuotesList } from '@/features/quotes/components/quotes-list';
import { AdminListPage } from '@/components/ui/admin-list-page';

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
    <AdminListPage
      title="Quotes"
      count={quotes.data ? { value: quotes.data.length, testId: 'quotes-count' } : undefined}
      toolbar={
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
      }
      toolbarLabel="Find quotes"
      query={quotes}
      subject="the quotes"
      empty="No quotes here."
    >
      {(list) => <QuotesList quotes={list} hrefOf={dashboardPaths.quote.getHref} showBuyer />}
    </AdminListPage>
  );
};

export default QuotesRoute;
