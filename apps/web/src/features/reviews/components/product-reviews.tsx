import { lazy, Suspense, useRef } from 'react';
import { Link } from '@/components/ui/link';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useNearViewport } from '@/lib/use-near-viewport';

const ReviewList = lazy(() => import('./review-list'));
const LOADING_LABEL = 'Loading the reviews';

/**
 * The product page's reviews: the part's mean rating, its newest reviews and a way to write one. The list
 * (and its request) waits until the section nears the viewport: it is below the fold, and its code stays
 * out of the page's first JavaScript.
 */
export const ProductReviews = ({ productId }: { productId: string }) => {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  return (
    <section ref={ref} aria-labelledby="product-reviews-title" className="mt-12">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="product-reviews-title" className="text-2xl font-bold">
          Reviews
        </h2>
        <Link to={paths.dashboard.review.getHref(productId)} className="btn btn-outline btn-sm">
          Write a review
        </Link>
      </div>
      {near ? (
        <Suspense fallback={<Loading label={LOADING_LABEL} />}>
          <ReviewList productId={productId} />
        </Suspense>
      ) : (
        <Loading label={LOADING_LABEL} />
      )}
    </section>
  );
};
