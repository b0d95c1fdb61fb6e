import { useParams } from 'react-router';
import { useQuote } from '@/features/quotes/api/get-quotes';
import { QuoteView } from '@/features/quotes/components/quote-view';
import { useSession } from '@/lib/auth';
import { useUserInfo } from '@/features/users/api/get-user-info';
import { useMyTerms } from '@/features/payment-terms/api/terms';
import { useCompanyDelivery } from '@/features/company/api/use-company-delivery';

/** /dashboard/myQuotes/:id: one of the buyer's quotes, with what accepting its offer needs. */
const MyQuoteRoute = () => {
  const { id = '' } = useParams();
  // The same query as the view's (one request): only an open offer needs the buyer's payment terms.
  const quote = useQuote(id);
  const profile = useUserInfo(useSession().user?.email);
  const info = profile.data?.userInfo;
  const company = useCompanyDelivery();
  const contact =
    profile.isPending || company.isPending
      ? undefined
      : {
          address: info?.address ?? '',
          phone: info?.phone ?? '',
          ...(company.book && { book: company.book }),
          cannotOrder: !company.canOrder,
        };
  const terms = useMyTerms(quote.data?.status === 'offered');
  return <QuoteView id={id} viewer="buyer" contact={contact} terms={terms.data} />;
};

export default MyQuoteRoute;
