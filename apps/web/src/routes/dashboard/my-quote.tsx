import { useParams } from 'react-router';
import { useQuote } from '@/features/quotes/api/get-quotes';
import { QuoteDetail } from '@/features/quotes/components/quote-detail';
import { Loading } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';
import { useUserInfo } from '@/features/users/api/get-user-info';
import { useMyTerms } from '@/features/payment-terms/api/terms';

/** /dashboard/myQuotes/:id: one of the buyer's quotes. */
const MyQuoteRoute = () => {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  const profile = useUserInfo(useSession().user?.email);
  const info = profile.data?.userInfo;
  const contact = profile.isPending ? undefined : { address: info?.address ?? '', phone: info?.phone ?? '' };
  // Only an open offer needs them: 'Pay by invoice' for a buyer approved for terms.
  const terms = useMyTerms(quote.data?.status === 'offered');
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
        <QuoteDetail quote={quote.data} viewer="buyer" contact={contact} terms={terms.data} />
      )}
    </section>
  );
};

export default MyQuoteRoute;
