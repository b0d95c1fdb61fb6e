import { useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { getProducts } from '@/features/products/api/get-products';
import { productKeys } from '@/lib/query-keys';
import { RequestQuoteForm } from '@/features/quotes/components/request-quote-form';
import { Loading } from '@/components/ui/spinner';

/** /dashboard/requestQuote: ask for prices on parts of the catalogue. */
const RequestQuoteRoute = () => {
  const products = useQuery({
    queryKey: productKeys.list({ page: 1, limit: 100 }),
    queryFn: ({ signal }) => getProducts({ page: 1, limit: 100, signal }),
  });
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      <h2 id="dashboard-title" className="text-2xl font-bold">
        Request a quote
      </h2>
      {products.isPending ? (
        <Loading label="Loading the catalogue" />
      ) : products.isError ? (
        <div role="alert" className="rounded-box border border-base-300 bg-base-100 p-6">
          <p>The catalogue could not be loaded.</p>
          <button
            type="button"
            className="btn btn-primary btn-sm mt-3"
            onClick={() => void products.refetch()}
          >
            Try again
          </button>
        </div>
      ) : (
        <RequestQuoteForm products={products.data.products} quoteHref={paths.dashboard.myQuote.getHref} />
      )}
    </section>
  );
};

export default RequestQuoteRoute;
