import { useMemo } from 'react';
import type { Product } from '@forgeline/shared/schemas/product';
import { PRODUCTS_SECTION_ID } from '@/config/paths';
import { useInfiniteProducts } from '../api/get-infinite-products';
import { ProductCard } from './product-card';
import { ProductSearch, useProductSearch } from './product-search';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';

/** Cards of the first row on the widest layout (3 columns) load their images eagerly. */
const FIRST_ROW = 3;
const PLACEHOLDER_CARDS = 6;

const grid = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3';

const CardSkeleton = () => (
  <div className="card overflow-hidden border border-base-300 bg-base-100" aria-hidden="true">
    <div className="aspect-[4/3] animate-pulse bg-base-200" />
    <div className="space-y-3 p-5">
      <div className="h-5 w-2/3 rounded bg-base-200" />
      <div className="h-7 w-1/2 rounded bg-base-200" />
      <div className="h-16 rounded bg-base-200" />
      <div className="h-10 rounded bg-base-200" />
    </div>
  </div>
);

/** The pages in order, each product once (a product added between two pages would shift into both). */
const uniqueProducts = (pages: { products: Product[] }[]): Product[] => {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.products)
    .filter((product) => !seen.has(product._id) && Boolean(seen.add(product._id)));
};

/** 'Products We Supply' (docs/product.md §1, §2): a 1 / 2 / 3 column grid filled from GET /api/products. */
export const ProductsSection = () => {
  const search = useProductSearch();
  const {
    data,
    isPending,
    isError,
    refetch,
    isPlaceholderData,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = useInfiniteProducts({ search: search.term });

  const products = useMemo(() => (data ? uniqueProducts(data.pages) : []), [data]);
  const total = data?.pages.at(-1)?.total ?? 0;
  // The search the cards on screen answer (while a new one loads, the previous one's).
  const shownTerm = data?.pages[0]?.search ?? '';
  const searching = isPlaceholderData || search.input.trim() !== search.term;

  return (
    <section
      id={PRODUCTS_SECTION_ID}
      aria-labelledby="products-title"
      className="scroll-mt-20 bg-base-200 py-16 sm:py-20"
    >
      <div className="mx-auto max-w-7xl px-4">
        <header className="mb-8 text-center">
          <p className="eyebrow">Catalogue</p>
          <h2 id="products-title" className="section-title mt-2">
            Products We Supply
          </h2>
          <p className="section-lead">
            Machined, cast and fabricated parts, made to order in bulk for commercial, industrial and
            residential projects.
          </p>
        </header>

        <ProductSearch
          id="home-product-search"
          value={search.input}
          onChange={search.setInput}
          onSubmit={search.flush}
          busy={searching}
          className="mx-auto mb-8 max-w-xl"
        />
        <p className="sr-only" aria-live="polite" aria-atomic="true">
          {!isPending && !isPlaceholderData && shownTerm
            ? `${total} ${total === 1 ? 'product matches' : 'products match'} "${shownTerm}".`
            : ''}
        </p>

        {isPending ? (
          <div className={grid} aria-busy="true" aria-label="Loading products">
            {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
              <CardSkeleton key={index} />
            ))}
          </div>
        ) : isError && !data ? (
          <div
            role="alert"
            className="mx-auto max-w-md rounded-box border border-base-300 bg-base-100 p-6 text-center"
          >
            <p>The products could not be loaded.</p>
            <button type="button" className="btn btn-primary btn-sm mt-3" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        ) : products.length === 0 && shownTerm ? (
          <div
            className="mx-auto max-w-md rounded-box border border-dashed border-base-300 bg-base-100 p-6 text-center"
            data-testid="products-empty"
          >
            <p>No products match &quot;{shownTerm}&quot;.</p>
            <button
              type="button"
              className="btn btn-outline btn-primary btn-sm mt-3"
              onClick={() => search.setInput('')}
            >
              Show all products
            </button>
          </div>
        ) : (
          <>
            <div
              className={`${grid} transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`}
              data-testid="products-grid"
              aria-busy={isPlaceholderData}
            >
              {products.map((product, index) => (
                <ProductCard key={product._id} product={product} eager={index < FIRST_ROW} />
              ))}
            </div>
            {hasNextPage || isFetchNextPageError ? (
              <div className="mt-10 flex flex-col items-center gap-3 text-center">
                <p className="text-sm text-base-content/75" data-testid="products-shown">
                  Showing {products.length} of {total} products
                </p>
                {isFetchNextPageError ? (
                  <Alert>More products could not be loaded. Please try again.</Alert>
                ) : null}
                <SubmitButton
                  type="button"
                  className="btn-outline min-w-56"
                  onClick={() => void fetchNextPage()}
                  isLoading={isFetchingNextPage}
                  disabled={isPlaceholderData}
                  aria-busy={isFetchingNextPage}
                >
                  Show more products
                </SubmitButton>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
};
