import { Link } from '@/components/ui/link';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useMyQuotes } from '@/features/quotes/api/get-quotes';
import { QuotesList } from '@/features/quotes/components/quotes-list';
import { ListQueryState } from '@/components/ui/query-state';
import { DashboardPage } from '@/components/ui/dashboard-page';

/** /dashboard/myQuotes: the buyer's quotes, and the way to ask for a new one. */
const MyQuotesRoute = () => {
  const quotes = useMyQuotes();
  return (
    <DashboardPage
      title="My Quotes"
      actions={
        <Link to={dashboardPaths.requestQuote.getHref()} className="btn btn-primary btn-sm">
          Request a quote
        </Link>
      }
    >
      <p className="text-sm text-base-content/80">
        Buying in volume? Ask for a quote: we price each part for your quantities, and the offer holds until
        its date.
      </p>
      <ListQueryState query={quotes} subject="your quotes" empty="You have not asked for a quote yet.">
        {(list) => <QuotesList quotes={list} hrefOf={dashboardPaths.myQuote.getHref} />}
      </ListQueryState>
    </DashboardPage>
  );
};

export default MyQuotesRoute;
