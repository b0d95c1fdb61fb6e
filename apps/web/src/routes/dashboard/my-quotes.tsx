import { Link } from '@/components/ui/link';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useMyQuotes } from '@/features/quotes/api/get-quotes';
import { QuotesList } from '@/features/quotes/components/quotes-list';
import { Loading } from '@/components/ui/spinner';

/** /dashboard/myQuotes: the buyer's quotes, and the way to ask for a new one. */
const MyQuotesRoute = () => {
  const quotes = useMyQuotes();
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="dashboard-title" className="text-2xl font-bold">
          My Quotes
        </h2>
        <Link to={dashboardPaths.requestQuote.getHref()} className="btn btn-primary btn-sm">
          Request a quote
        </Link>
      </div>
      <p className="text-sm text-base-content/80">
        Buying in volume? Ask for a quote: we price each part for your quantities, and the offer holds until
        its date.
      </p>
      {quotes.isPending ? (
        <Loading label="Loading your quotes" />
      ) : quotes.isError ? (
        <div role="alert" className="rounded-box border border-base-300 bg-base-100 p-6">
          <p>Your quotes could not be loaded.</p>
          <button type="button" className="btn btn-primary btn-sm mt-3" onClick={() => void quotes.refetch()}>
            Try again
          </button>
        </div>
      ) : quotes.data.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-6">
          You have not asked for a quote yet.
        </p>
      ) : (
        <QuotesList quotes={quotes.data} hrefOf={dashboardPaths.myQuote.getHref} />
      )}
    </section>
  );
};

export default MyQuotesRoute;
