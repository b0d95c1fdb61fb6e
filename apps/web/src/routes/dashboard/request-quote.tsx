import { dashboardPaths } from '@/config/dashboard-paths';
import { getProducts } from '@/features/products/api/get-products';
import { RequestQuoteForm } from '@/features/quotes/components/request-quote-form';
import type { SearchParts } from '@/components/ui/part-combobox';
import { DashboardPage } from '@/components/ui/dashboard-page';

/** The catalogue's search (part number or name), its first matches: what the part picker offers. */
const searchParts: SearchParts = async (search, signal) =>
  (await getProducts({ search, page: 1, limit: 10, signal })).products;

/** /dashboard/requestQuote: ask for prices on parts of the catalogue. */
const RequestQuoteRoute = () => (
  <DashboardPage title="Request a quote">
    <RequestQuoteForm searchParts={searchParts} quoteHref={dashboardPaths.myQuote.getHref} />
  </DashboardPage>
);

export default RequestQuoteRoute;
