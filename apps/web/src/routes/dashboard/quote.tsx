import { useParams } from 'react-router';
import { QuoteView } from '@/features/quotes/components/quote-view';

/** /dashboard/quotes/:id, admins only: price a quote, talk with the buyer. */
const QuoteRoute = () => <QuoteView id={useParams().id ?? ''} viewer="seller" />;

export default QuoteRoute;
