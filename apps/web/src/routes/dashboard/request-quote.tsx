import { dashboardPaths } from '@/config/dashboard-paths';
import { getProducts } from '@/features/products/api/get-products';
import { RequestQuoteForm } from '@/features/quotes/components/request-quote-form';
import type { SearchParts } from '@/components/ui/part-combobox';

/** The catalogue's search (part number or name), its first matches: what the part picker offers. */
const searchParts: SearchParts = async (search, signal) =>
  (await getProducts({ search, page: 1, limit: 10, signal })).products;

/** /dashboard/requestQuote: ask for prices on parts of the catalogue. */
const RequestQuoteRoute = () => (
  <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
    <h2 id="dashboard-title" className="text-2xl font-bold">
      Request a quote
    </h2>
    <RequestQuoteForm searchParts={searchParts} quoteHref={dashboardPaths.myQuote.getHref} />
  </section>
);

export default RequestQuoteRoute;
