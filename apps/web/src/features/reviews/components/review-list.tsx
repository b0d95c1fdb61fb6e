import { QueryState } from '@/components/ui/query-state';
import { Stars } from '@/components/ui/stars';
import { formatDay } from '@/lib/format-date';
import { useProductReviews } from '../api/get-product-reviews';

/** The part's mean rating and newest reviews: a chunk of its own, loaded as the section nears the viewport. */
const ReviewList = ({ productId }: { productId: string }) => {
  const query = useProductReviews(productId);
  return (
    <QueryState
      query={query}
      subject="the reviews"
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
  );
};

export default ReviewList;
