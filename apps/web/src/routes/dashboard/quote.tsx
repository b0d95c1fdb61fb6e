import { useParams } from 'react-router';
import { useQuote } from '@/features/quotes/api/get-quotes';
import { QuoteDetail } from '@/features/quotes/components/quote-detail';
import { Loading } from '@/components/ui/spinner';

/** /dashboard/quotes/:id, admins only: price a quote, talk with the buyer. */
const QuoteRoute = () => {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  return (
    <section aria-labelledby="dashboard-title">
      {quote.isPending ? (
        <Loading label="Loading the quote" />
      ) : quote.isError ? (
        <div role="alert" className="rounded-box border border-base-300 bg-base-100 p-6">
          <h2 id="dashboard-title" className="text-xl font-bold">
            This quote could not be loaded
          </h2>
          <p>It may not exist, or it is not yours.</p>
        </div>
      ) : (
        <QuoteDetail quote={quote.data} viewer="seller" />
      )}
    </section>
  );
};

export default QuoteRoute;
