import { useRef } from 'react';
import { Link } from '@/components/ui/link';
import { QueryState } from '@/components/ui/query-state';
import { Stars } from '@/components/ui/stars';
import { dashboardPaths } from '@/config/dashboard-paths';
import { formatDay } from '@/lib/format-date';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useProductReviews } from '../api/get-product-reviews';

/** The product page's reviews: the part's mean rating, its newest reviews and a way to write one. */
export const ProductReviews = ({ productId }: { productId: string }) => {
  const ref = useRef<HTMLElement>(null);
  const query = useProductReviews(productId, { enabled: useNearViewport(ref) });

  return (
    <section ref={ref} aria-labelledby="product-reviews-title" className="mt-12">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="product-reviews-title" className="text-2xl font-bold">
          Reviews
        </h2>
        <Link to={dashboardPaths.review.getHref(productId)} className="btn btn-outline btn-sm">
          Write a review
        </Link>
      </div>
      <QueryState
        query={query}
        loadingLabel="Loading the reviews"
        errorText="The reviews could not be loaded."
        isEmpty={(data) => data.count === 0}
        empty={<p>No reviews of this part yet.</p>}
      >
        {({ average, count, reviews }) => (
          <>
            <p className="mb-4 text-base-content/85" data-testid="product-rating">
              <strong>{average}</strong> out of 5 · {count} {count === 1 ? 'review' : 'reviews'}
            </p>
            <ul className="grid gap-4 md:grid-cols-2">
              {reviews.map((review) => (
                <li key={review._id} className="rounded-box border border-base-300 bg-base-100 p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <Stars rating={review.rating} />
                    {review.verifiedPurchase && (
                      <span className="badge badge-success badge-sm font-semibold">Verified buyer</span>
                    )}
                  </div>
                  <p className="mt-2 break-words">{review.review}</p>
                  <p className="mt-2 text-sm text-base-content/75">
                    {review.name}, {review.profession} · {formatDay(review.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
};
